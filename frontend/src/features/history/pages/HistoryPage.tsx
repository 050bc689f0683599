import { useEffect, useId, useState, type ReactElement } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { ReadingTableSkeleton } from '../../readings/ui/ReadingCells';
import { PageHeader } from '../../../components/layout/PageHeader';
import { BpCategoryLegend } from '../../readings/ui/BpCategoryBadge';
import { ReadingsPageActions } from '../../readings/ui/ReadingsPageActions';
import { QueuedReadings } from '../../readings/ui/QueuedReadings';
import { useDeleteReading } from '../../readings/ui/useDeleteReading';
import { firstDayOfLastDays, LAST_DAYS_HINT } from '../../../lib/dates';
import { usePreferences } from '../../../lib/preferences';
import { guidelineOf } from '../../readings/model/bpCategory';
import { useReadingPage } from '../../readings/api/readings';
import { HistoryTable } from '../components/HistoryTable';
import {
  ALL_TIME,
  DEFAULT_PERIOD,
  PAGE_SIZE,
  PERIODS,
  READING_TYPES,
  parsePage,
  parsePeriod,
  parseType,
  serverSearchText,
} from '../pagination';
import { Pagination } from '../../../components/pagination/Pagination';
import { pageCount } from '../../../components/pagination/pages';
import { UnitsUnknownAlert } from '../../readings/ui/UnitsUnknownAlert';
import '../history.css';
import { NeedsConnection } from '../../../components/feedback/NeedsConnection';
import { useOnline } from '../../../lib/connection';

export const HISTORY_EMPTY = 'No records found. Try adjusting your filters or search term.';
export const HISTORY_DELETE_FAILED = 'Failed to delete reading. Please try again.';
export const SEARCH_PLACEHOLDER = 'Notes, date or value';
/** What search matches (the server's rule: crates/readings/src/search.rs). */
export const SEARCH_HINT = 'Notes, dates (MM/DD/YYYY) or values as shown: 142, 142/90';
/** Typing pauses this long before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /history: every reading, searchable and filtered, paged on the server. */
export default function HistoryPage(): ReactElement {
  const navigate = useNavigate();
  const { requestDelete, dialog } = useDeleteReading(() => ({ title: HISTORY_DELETE_FAILED, variant: 'destructive' }));
  const ids = { search: useId(), searchHint: useId(), type: useId(), period: useId(), periodHint: useId() };
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const type = parseType(params.get('type'));
  const days = parsePeriod(params.get('days'));
  const page = parsePage(params.get('page'));
  const [searchText, setSearchText] = useState(q);
  const { preferences } = usePreferences();
  const guideline = guidelineOf(preferences.guideline);

  const update = (changes: Record<string, string | null>): void => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  // The search runs once typing pauses; a new search starts at page 1.
  useEffect(() => {
    if (searchText.trim() === q.trim()) return undefined;
    const timer = window.setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (searchText.trim() === '') next.delete('q');
          else next.set('q', searchText.trim());
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, q, setParams]);

  const { data, error, isLoading } = useReadingPage({
    ...(days !== ALL_TIME ? { from: firstDayOfLastDays(days) } : {}),
    type,
    q: serverSearchText(q),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const readings = data?.readings ?? [];
  const total = data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);

  // A page beyond the end (e.g. after deleting its last reading) moves back to the last one.
  useEffect(() => {
    if (data && page > pages) update({ page: pages === 1 ? null : String(pages) });
  });

  const online = useOnline();
  let body: ReactElement;
  if (isLoading && !data) {
    body = <ReadingTableSkeleton rows={PAGE_SIZE} notes label="Loading readings…" />;
  } else if (error && !data && !online) {
    body = (
      <NeedsConnection title="Your stored readings">
        Readings waiting on this device are listed above and sent when you&apos;re back.
      </NeedsConnection>
    );
  } else if (error && !data) {
    body = (
      <Alert variant="danger" title="Your readings could not be loaded">
        Check your connection and reload the page to try again.
      </Alert>
    );
  } else if (readings.length === 0) {
    body = <p className="history-empty">{HISTORY_EMPTY}</p>;
  } else {
    body = (
      <HistoryTable
        readings={readings}
        units={preferences}
        onEdit={(r) => navigate(`/vitals?edit=${r.id}`)}
        onDelete={requestDelete}
      />
    );
  }

  const goTo = (target: number): void => update({ page: target === 1 ? null : String(target) });

  return (
    <div className="history-page page-stack">
      <PageHeader
        title="History"
        description="Search and filter every reading you have recorded."
        actions={<ReadingsPageActions />}
      />
      <UnitsUnknownAlert />

      <QueuedReadings units={preferences} />

      <section className="card history-card" aria-label="Readings">
        <div className="history-filters" role="search">
          <div className="field history-search">
            <label className="field-label" htmlFor={ids.search}>
              Search
            </label>
            <input
              id={ids.search}
              className="field-input"
              type="search"
              placeholder={SEARCH_PLACEHOLDER}
              aria-describedby={ids.searchHint}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
            <p className="field-hint" id={ids.searchHint}>
              {SEARCH_HINT}
            </p>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={ids.type}>
              Reading type
            </label>
            <select
              id={ids.type}
              className="field-input"
              value={type}
              onChange={(e) => update({ type: e.target.value === 'all' ? null : e.target.value, page: null })}
            >
              {READING_TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={ids.period}>
              Time period
            </label>
            <select
              id={ids.period}
              className="field-input"
              aria-describedby={ids.periodHint}
              value={days}
              onChange={(e) =>
                update({ days: Number(e.target.value) === DEFAULT_PERIOD ? null : e.target.value, page: null })
              }
            >
              {PERIODS.map((p) => (
                <option key={p.days} value={p.days}>
                  {p.label}
                </option>
              ))}
            </select>
            <p className="field-hint" id={ids.periodHint}>
              {LAST_DAYS_HINT}
            </p>
          </div>
        </div>

        <div className="history-body" aria-busy={isLoading || undefined}>
          {body}
        </div>

        {data && readings.length > 0 ? (
          <Pagination page={page} rows={readings.length} total={total} pageSize={PAGE_SIZE} onPage={goTo} />
        ) : null}
      </section>

      <BpCategoryLegend guideline={guideline} />

      {dialog}
    </div>
  );
}
