import type { ReactElement } from 'react';
import { pageCount, pageWindow, showingText } from './pages';
import './pagination.css';

export interface PaginationProps {
  /** The current page, 1-based. */
  page: number;
  /** Rows on the current page. */
  rows: number;
  /** Rows in all. */
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/**
 * 'Showing X to Y of Z records', then Previous, at most five page numbers and Next. On a
 * phone the numbers take a row of their own above Previous and Next.
 */
export function Pagination({ page, rows, total, pageSize, onPage }: PaginationProps): ReactElement {
  const pages = pageCount(total, pageSize);
  return (
    <nav className="pagination" aria-label="Pages">
      <p className="text-sm text-muted" aria-live="polite">
        {showingText(page, rows, total, pageSize)}
      </p>
      <div className="pagination-pages">
        <button
          type="button"
          className="btn btn-secondary btn-sm pagination-prev"
          onClick={() => onPage(page - 1)}
          disabled={page <= 1}
        >
          Previous
        </button>
        <span className="pagination-numbers">
          {pageWindow(page, pages).map((n) => (
            <button
              key={n}
              type="button"
              className={n === page ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          ))}
        </span>
        <button
          type="button"
          className="btn btn-secondary btn-sm pagination-next"
          onClick={() => onPage(page + 1)}
          disabled={page >= pages}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
