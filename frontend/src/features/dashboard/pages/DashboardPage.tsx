import { useEffect, useState, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/PageHeader';
import { BpCategoryLegend } from '../../../components/readings/BpCategoryBadge';
import { DeleteReadingDialog } from '../../../components/readings/DeleteReadingDialog';
import { SubscriptionAlert } from '../../../components/subscription/SubscriptionAlert';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { firstDayOfLastDays, formatDate } from '../../../lib/dates';
import { usePreferences } from '../../../lib/preferences';
import { deleteReading, useReadings, useReadingsSnapshot, useRefreshReadings, type Reading } from '../../../lib/readings';
import { ChartCard, preloadChart } from '../components/ChartCard';
import { RECENT_COUNT, RecentReadings } from '../components/RecentReadings';
import { CHART_SPECS, LONGEST_CHART_RANGE } from '../chartPoints';
import { UnitsUnknownAlert } from '../../../components/readings/UnitsUnknownAlert';
import '../dashboard.css';

export const DELETE_FAILED_TITLE = 'Failed to Delete';
export const DELETE_FAILED_DEFAULT = 'An error occurred while deleting the reading.';

/** `/`: recent readings and the four trend charts. */
export default function DashboardPage(): ReactElement {
  const navigate = useNavigate();
  const { toast } = useToast();
  const { preferences } = usePreferences();
  const refreshReadings = useRefreshReadings();
  const recent = useReadings({ limit: RECENT_COUNT });
  // The charts need the longest range only (calendar days, today included): a decade of
  // readings stays on the server.
  const trend = useReadingsSnapshot({ from: firstDayOfLastDays(LONGEST_CHART_RANGE) });
  const [toDelete, setToDelete] = useState<Reading | null>(null);
  // The chart code downloads while the readings load, not after them.
  useEffect(() => {
    void preloadChart();
  }, []);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async (): Promise<void> => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteReading(toDelete.id);
      await refreshReadings();
      toast({ title: 'Reading deleted', description: `The reading of ${formatDate(toDelete.date)} ${toDelete.time} was deleted.` });
      setToDelete(null);
    } catch (error) {
      toast({
        title: DELETE_FAILED_TITLE,
        description: (isApiError(error) ? error.serverMessage : undefined) ?? DELETE_FAILED_DEFAULT,
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="dashboard-page page-stack">
      <PageHeader
        title="Dashboard"
        description="Your latest readings and how they trend."
        actions={
          <>
            <Link className="btn btn-secondary" to="/reports">
              Reports
            </Link>
            <Link className="btn btn-primary" to="/vitals">
              Record Vitals
            </Link>
          </>
        }
      />
      <UnitsUnknownAlert />
      <SubscriptionAlert />

      <RecentReadings
        readings={recent.data}
        failed={recent.error !== undefined}
        units={preferences}
        onEdit={(r) => navigate(`/vitals?edit=${r.id}`)}
        onDelete={setToDelete}
      />

      <div className="chart-grid">
        {CHART_SPECS.map((spec) => (
          <ChartCard
            key={`${spec.kind}-${preferences.weightUnit}-${preferences.bloodSugarUnit}`}
            spec={spec}
            readings={trend.data?.readings}
            failed={trend.error !== undefined}
            units={preferences}
            now={trend.data?.fetchedAt ?? 0}
          />
        ))}
      </div>

      <BpCategoryLegend />

      {toDelete ? (
        <DeleteReadingDialog
          reading={toDelete}
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </div>
  );
}
