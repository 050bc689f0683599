import { useEffect, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/PageHeader';
import { BpCategoryLegend } from '../../readings/ui/BpCategoryBadge';
import { ReadingsPageActions } from '../../readings/ui/ReadingsPageActions';
import { QueuedReadings } from '../../readings/ui/QueuedReadings';
import { useDeleteReading } from '../../readings/ui/useDeleteReading';
import { SubscriptionAlert } from '../../../components/subscription/SubscriptionAlert';
import { firstDayOfLastDays, formatDate, formatTime12 } from '../../../lib/dates';
import { hasCurrentMedication, useDoses, useMedications } from '../../medications/api/medications';
import { PageSkeleton, Skeleton } from '../../../components/feedback/Skeleton';
import { useHomeWeek } from '../../homeWeek/api/homeWeek';
import { useSubscription } from '../../../lib/subscription';
import { medicationEvents } from '../../../components/chart/eventMarkers';
import { usePreferences } from '../../../lib/preferences';
import { guidelineOf } from '../../readings/model/bpCategory';
import { serverMessageOr } from '../../../lib/serverErrors';
import { useReadings, useReadingsSnapshot } from '../../readings/api/readings';
import { ChartCard } from '../components/ChartCard';
import { preloadChart } from '../../../components/chart/LazyTimeSeriesChart';
import { RecentReadings } from '../components/RecentReadings';
import { CHART_SPECS } from '../chartPoints';
import { recentFilters, trendFilters } from '../api/prefetch';
import { UnitsUnknownAlert } from '../../readings/ui/UnitsUnknownAlert';
import { SevereGuidance } from '../../readings/ui/SevereGuidance';
import type { Reading } from '../../readings/api/readings';
import { HomeWeekCard } from '../components/HomeWeekCard';
import { useShowMedications } from '../showMedications';
import { MedicationsCard } from '../components/MedicationsCard';
import { answered, useCardsAnswered } from '../useCardsAnswered';
import { BpHero } from '../components/BpHero';
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
        on {formatDate(reading.date)} at {formatTime12(reading.time)}:
      </p>
      <SevereGuidance role="note" />
    </section>
  );
}

/** The hero's place while the readings it answers from load. */
function HeroSkeleton(): ReactElement {
  return (
    <div className="card bp-hero" role="status" aria-live="polite">
      <span className="visually-hidden">Loading your blood pressure…</span>
      <Skeleton width="30%" height={14} />
      <Skeleton height={96} radius={10} />
    </div>
  );
}

/**
 * `/`: the answer first (issue 36): severe guidance when due, then the latest blood pressure
 * with its 7-day average and direction, the recent readings and the four trend charts; the
 * medications due and the home week beside them (a side column on wide screens, after the
 * charts on narrow ones), so they never push the charts down.
 */
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
  const events = medicationEvents(medications.data?.events);
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
  // The hero's "today" until the charts' readings bring the moment they were fetched.
  const [openedAt] = useState(() => Date.now());
  // The chart code downloads while the readings load, not after them.
  useEffect(() => {
    void preloadChart();
  }, []);

  if (!cardsIn) return <PageSkeleton />;
  const latest = latestWithBloodPressure(recent.data, trend.data?.readings);

  return (
    <div className="dashboard-page page-stack">
      <PageHeader title="Dashboard" actions={<ReadingsPageActions cuff />} />
      <UnitsUnknownAlert />
      <SubscriptionAlert />
      <LatestSevere reading={latest} />

      <QueuedReadings units={preferences} />

      <div className="dashboard-layout">
        {recent.data === undefined && trend.data === undefined && recent.error === undefined && trend.error === undefined ? (
          <HeroSkeleton />
        ) : (
          <BpHero
            latest={latest}
            readings={trend.data?.readings ?? []}
            now={trend.data?.fetchedAt ?? openedAt}
            guideline={guideline}
          />
        )}

        <RecentReadings
          readings={recent.data}
          failed={recent.error !== undefined}
          units={preferences}
          onEdit={(r) => navigate(`/vitals?edit=${r.id}`)}
          onDelete={requestDelete}
        />

        <div className="dashboard-charts chart-grid">
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

        <div className="dashboard-side">
          <MedicationsCard />
          <HomeWeekCard />
        </div>
      </div>

      <BpCategoryLegend guideline={guideline} />

      {dialog}
    </div>
  );
}
