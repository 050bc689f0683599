import { useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/PageHeader';
import { SegmentedChoice } from '../../../components/form/SegmentedChoice';
import { CHART_SPECS } from '../../../components/chart/measureCharts';
import { preloadDailyChart } from '../../../components/chart/loadChart';
import { medicationEvents } from '../../../components/chart/eventMarkers';
import { guidelineOf } from '../../readings/model/bpCategory';
import { formatDate } from '../../../lib/dates';
import { useMedications } from '../../medications/api/medications';
import { usePreferences } from '../../../lib/preferences';
import { useDaily } from '../api/dailyApi';
import { TrendCard } from '../components/TrendCard';
import { TREND_SPANS, spanDates, spanOf, spanWindow, type TrendSpan } from '../spans';
import '../trends.css';

/** Where a person brings readings from another app (Profile → Your data). */
const IMPORT_PATH = '/profile#profile-data';

/**
 * `/trends` (issue 36): the four measures day by day over a chosen span, Week to All (up to
 * 20 years), from the server's per-day rows rather than every reading. Each dashboard chart
 * links here with its measure (`?measure=bp`), whose chart is brought into view.
 */
export default function TrendsPage(): ReactElement {
  const [params, setParams] = useSearchParams();
  const span = spanOf(params.get('span'));
  const measure = params.get('measure');
  // "Today" for this visit: the span's days do not move while the page is open.
  const [now] = useState(() => new Date());
  const { from, to } = spanDates(span.days, now);
  const daily = useDaily(from, to);
  const { preferences } = usePreferences();
  const guideline = guidelineOf(preferences.guideline);
  const medications = useMedications();
  const events = medicationEvents(medications.data?.events);
  const rows = daily.data;
  const window = spanWindow(span.days, now, rows?.[0]?.date);

  // The chart code downloads while the days load, not after them.
  useEffect(() => {
    void preloadDailyChart();
  }, []);

  // The measure the link came from, brought into view once its days are in.
  const scrolled = useRef(false);
  useLayoutEffect(() => {
    if (scrolled.current || rows === undefined || !measure) return;
    scrolled.current = true;
    const card = document.getElementById(`trends-${measure}`);
    if (card && typeof card.scrollIntoView === 'function') card.scrollIntoView({ block: 'start' });
  }, [rows, measure]);

  const choose = (next: TrendSpan): void => {
    const query = new URLSearchParams(params);
    query.set('span', next);
    setParams(query, { replace: true });
  };

  const days = rows?.length ?? 0;
  return (
    <div className="trends-page page-stack">
      <PageHeader title="Trends" description="Your readings day by day, over longer spans." />
      <div className="trends-controls">
        <div role="radiogroup" aria-label="Span of the charts" className="trends-span">
          <SegmentedChoice name="span" size="large" options={TREND_SPANS} value={span.value} onChange={choose} />
        </div>
        <p className="trends-summary" aria-live="polite">
          {rows === undefined
            ? daily.error !== undefined
              ? 'Your readings could not be loaded.'
              : 'Loading your readings…'
            : days === 0
              ? `No readings in the ${span.words}.`
              : `${formatDate(rows[0]?.date ?? from)} to ${formatDate(to)} · ${days} ${days === 1 ? 'day' : 'days'} with readings`}
        </p>
      </div>
      {rows !== undefined && days === 0 && span.value === 'all' ? (
        <div className="card trends-empty">
          <p>No readings yet. Record one, or bring your history from another app.</p>
          <p className="trends-empty-actions">
            <Link className="btn btn-primary" to="/vitals">
              Record Vitals
            </Link>
            <Link className="btn btn-secondary" to={IMPORT_PATH}>
              Bring your history from another app
            </Link>
          </p>
        </div>
      ) : null}
      <div className="trends-grid">
        {CHART_SPECS.map((spec) => (
          <TrendCard
            key={`${spec.kind}-${preferences.weightUnit}-${preferences.bloodSugarUnit}`}
            spec={spec}
            rows={rows}
            failed={daily.error !== undefined}
            units={preferences}
            window={window}
            span={span.words}
            guideline={guideline}
            events={events}
          />
        ))}
      </div>
    </div>
  );
}
