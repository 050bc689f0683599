import { useEffect, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/PageHeader';
import { BpCategoryLegend } from '../../../components/readings/BpCategoryBadge';
import { ReadingsPageActions } from '../../../components/readings/ReadingsPageActions';
import { QueuedReadings } from '../../../components/readings/QueuedReadings';
import { useDeleteReading } from '../../../components/readings/useDeleteReading';
import { SubscriptionAlert } from '../../../components/subscription/SubscriptionAlert';
import { firstDayOfLastDays, formatDate, readingTimestamp } from '../../../lib/dates';
import { hasCurrentMedication, useDoses, useMedications, type MedicationEvent } from '../../../lib/medications';
import { PageSkeleton } from '../../../components/feedback/Skeleton';
import { useHomeWeek } from '../../../lib/homeWeek';
import { useSubscription } from '../../../lib/subscription';
import type { ChartEvent } from '../../../components/chart/eventMarkers';
import { usePreferences } from '../../../lib/preferences';
import { guidelineOf } from '../../../lib/bpCategory';
import { serverMessageOr } from '../../../lib/serverErrors';
import { useReadings, useReadingsSnapshot } from '../../../lib/readings';
import { ChartCard } from '../components/ChartCard';
import { preloadChart } from '../../../components/chart/LazyTimeSeriesChart';
import { RecentReadings } from '../components/RecentReadings';
import { CHART_SPECS } from '../chartPoints';
import { recentFilters, trendFilters } from '../prefetch';
import { UnitsUnknownAlert } from '../../../components/readings/UnitsUnknownAlert';
import { SevereGuidance } from '../../../components/readings/SevereGuidance';
import type { Reading } from '../../../lib/readings';
import { HomeWeekCard } from '../components/HomeWeekCard';
import { useShowMedications } from '../showMedications';
import { MedicationsCard } from '../components/MedicationsCard';
import { answered, useCardsAnswered } from '../useCardsAnswered';
import '../dashboard.css';

export const DELETE_FAILED_TITLE = 'Failed to Delete';
export const DELETE_FAILED_DEFAULT = 'An error occurred while deleting the reading.';

const hasBloodPressure = (r: Reading): boolean => r.systolic !== null || r.diastolic !== null;

/**
 * The newest reading with a blood pressure: among the latest three when one has it (they are
 * the newest of all), else in the charts' last 90 days (both lists come newest first).
 */
function latestWithBloodPressure(
  recent: ReadonlyArray<Reading> | undefined,
  trend: ReadonlyArray<Reading> | undefined,
): Reading | undefined {
  return recent?.find(hasBloodPressure) ?? trend?.find(hasBloodPressure);
}

/**
 * Calendar days (today included) in which a very high reading still calls for the AHA's
 * "measure again, call if symptoms" steps; an older one is history, not an emergency.
 */
export const SEVERE_GUIDANCE_DAYS = 2;

/** The AHA's guidance, at once, when the newest blood pressure reading is very high and recent. */
function LatestSevere({ reading }: { reading: Reading | undefined }): ReactElement | null {
  if (!reading?.severe || reading.date < firstDayOfLastDays(SEVERE_GUIDANCE_DAYS)) return null;
  return (
    <section className="dashboard-severe" aria-label="Your latest blood pressure reading">
      <p className="dashboard-severe-reading">
        Your latest blood pressure reading,{' '}
        <strong>
          {reading.systolic ?? '---'}/{reading.diastolic ?? '---'} mmHg
        </strong>{' '}
        on {formatDate(reading.date)} at {reading.time}:
      </p>
      <SevereGuidance role="note" />
    </section>
  );
}

/** The chart's markers of the medications' events (each at the start of its day). */
export function chartEvents(events: ReadonlyArray<MedicationEvent> | undefined): ChartEvent[] {
  return (events ?? []).map((e) => ({ x: readingTimestamp(e.date, null), kind: e.kind, label: e.label }));
}

/** `/`: severe guidance when due, recent readings, the home week and the four trend charts. */
export default function DashboardPage(): ReactElement {
  const navigate = useNavigate();
  const { requestDelete, dialog } = useDeleteReading((error) => ({
    title: DELETE_FAILED_TITLE,
    description: serverMessageOr(error, DELETE_FAILED_DEFAULT),
    variant: 'destructive',
  }));
  const { preferences, isLoaded: preferencesIn } = usePreferences();
  const guideline = guidelineOf(preferences.guideline);
  const recent = useReadings(recentFilters());
  const medications = useMedications();
  const events = chartEvents(medications.data?.events);
  const [showEvents, setShowEvents] = useShowMedications();
  const trend = useReadingsSnapshot(trendFilters());
  // The cards' own answers, asked for here too (one request each): the page waits for them.
  const withDoses = hasCurrentMedication(medications.data);
  const doses = useDoses(null, withDoses);
  const homeWeek = useHomeWeek();
  const subscription = useSubscription();
  const cardsIn = useCardsAnswered([
    preferencesIn,
    answered(recent),
    answered(trend),
    answered(medications) && (!withDoses || answered(doses)),
    answered({ data: homeWeek.week, error: homeWeek.error }),
    answered({ data: subscription.subscription, error: subscription.error }),
  ]);
  // The chart code downloads while the readings load, not after them.
  useEffect(() => {
    void preloadChart();
  }, []);

  if (!cardsIn) return <PageSkeleton />;

  return (
    <div className="dashboard-page page-stack">
      <PageHeader
        title="Dashboard"
        description="Your latest readings and how they trend."
        actions={<ReadingsPageActions />}
      />
      <UnitsUnknownAlert />
      <SubscriptionAlert />
      <LatestSevere reading={latestWithBloodPressure(recent.data, trend.data?.readings)} />

      <QueuedReadings units={preferences} />

      <RecentReadings
        readings={recent.data}
        failed={recent.error !== undefined}
        units={preferences}
        onEdit={(r) => navigate(`/vitals?edit=${r.id}`)}
        onDelete={requestDelete}
      />

      <MedicationsCard />

      <HomeWeekCard />

      <div className="chart-grid">
        {CHART_SPECS.map((spec) => (
          <ChartCard
            key={`${spec.kind}-${preferences.weightUnit}-${preferences.bloodSugarUnit}`}
            spec={spec}
            readings={trend.data?.readings}
            failed={trend.error !== undefined}
            units={preferences}
            now={trend.data?.fetchedAt ?? 0}
            {...(spec.kind === 'bp' ? { events, showEvents, onShowEvents: setShowEvents } : {})}
          />
        ))}
      </div>

      <BpCategoryLegend guideline={guideline} />

      {dialog}
    </div>
  );
}
