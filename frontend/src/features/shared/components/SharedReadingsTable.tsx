import { useEffect, useId, useState, type ReactElement } from 'react';
import { Pagination } from '../../../components/pagination/Pagination';
import { pageCount } from '../../../components/pagination/pages';
import { BloodPressureCell, ClinicTag, MEASURE_COLUMNS, Missing, ReadingWhenCells } from '../../readings/ui/ReadingCells';
import { BpCategoryLegend } from '../../readings/ui/BpCategoryBadge';
import { formatBloodSugar, formatWeight } from '../../../lib/units';
import type { SharedReadingDto, SharedViewDto } from '../api/sharedApi';
import { readingsText } from '../summary';
import { categoryOf, guidelineOf } from '../../readings/model/bpCategory';

/** Readings a page (the contract's 25: a consultation's worth on one screen). */
export const SHARED_PAGE_SIZE = 25;

/** True while the browser prints: every reading goes on paper, not the page on screen. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const on = (): void => setPrinting(true);
    const off = (): void => setPrinting(false);
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    return () => {
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
    };
  }, []);
  return printing;
}

function Row({ reading: r, view }: { reading: SharedReadingDto; view: SharedViewDto }): ReactElement {
  return (
    <tr>
      <ReadingWhenCells date={r.date} time={r.time} />
      <BloodPressureCell
        systolic={r.systolic}
        diastolic={r.diastolic}
        category={categoryOf(r)}
        extra={r.setting === 'office' ? <ClinicTag /> : null}
      />
      {view.includeHeartRate ? (
        <td data-label="Heart Rate" className="cell-number">
          {r.heartRate !== null ? `${r.heartRate} bpm` : <Missing />}
        </td>
      ) : null}
      {view.includeWeight ? (
        <td data-label="Weight" className="cell-number">
          {r.weight !== null ? formatWeight(r.weight, view.weightUnit) : <Missing />}
        </td>
      ) : null}
      {view.includeBloodSugar ? (
        <td data-label="Blood Sugar" className="cell-number">
          {r.bloodSugar !== null ? formatBloodSugar(r.bloodSugar, view.bloodSugarUnit) : <Missing />}
        </td>
      ) : null}
      {view.includeNotes ? (
        <td data-label="Notes" className={r.notes ? 'cell-notes cell-notes-written' : 'cell-notes'}>
          {r.notes ? <span className="cell-notes-text">{r.notes}</span> : <Missing />}
        </td>
      ) : null}
    </tr>
  );
}

/** The readings, newest first, 25 a page on screen and all of them in print. */
export function SharedReadingsTable({ view }: { view: SharedViewDto }): ReactElement {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const printing = usePrinting();
  const newestFirst = [...view.readings].reverse();
  const total = newestFirst.length;
  const current = Math.min(page, pageCount(total, SHARED_PAGE_SIZE));
  const rows = printing ? newestFirst : newestFirst.slice((current - 1) * SHARED_PAGE_SIZE, current * SHARED_PAGE_SIZE);
  const shown: Record<string, boolean> = {
    'Heart Rate': view.includeHeartRate,
    Weight: view.includeWeight,
    'Blood Sugar': view.includeBloodSugar,
  };
  const columns = [...MEASURE_COLUMNS.filter((c) => shown[c] ?? true), ...(view.includeNotes ? ['Notes'] : [])];

  return (
    <section className="card shared-section shared-readings" aria-labelledby={headingId}>
      <h2 id={headingId} className="shared-section-title">
        Readings <span className="shared-muted">({readingsText(total)}, newest first)</span>
      </h2>
      {total === 0 ? (
        <p className="shared-muted">No readings in this period.</p>
      ) : (
        <>
          <div className="readings-table-wrap">
            <table className="readings-table shared-readings-table">
              <caption className="visually-hidden">Readings, newest first</caption>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <Row key={`${r.date}T${r.time}-${i}`} reading={r} view={view} />
                ))}
              </tbody>
            </table>
          </div>
          {total > SHARED_PAGE_SIZE ? (
            <div className="shared-pagination">
              <Pagination page={current} rows={rows.length} total={total} pageSize={SHARED_PAGE_SIZE} onPage={setPage} />
            </div>
          ) : null}
        </>
      )}
      <div className="shared-legend">
        <BpCategoryLegend guideline={guidelineOf(view.guideline)} />
      </div>
    </section>
  );
}
