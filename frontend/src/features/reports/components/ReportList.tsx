import type { ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { Icon } from '../../../components/icons/Icon';
import { reportDownloadUrl, reportViewUrl, type Report } from '../api/reportsApi';
import { formatIsoDate, formatTimestamp } from '../dates';
import { reportMessages, reportTypeLabel } from '../schemas';

export interface ReportListProps {
  reports: Report[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  onEmail: (report: Report) => void;
  onDelete: (report: Report) => void;
}

/** Placeholder rows while the list loads. */
function ReportListSkeleton(): ReactElement {
  return (
    <div role="status" aria-live="polite" className="report-list-skeleton">
      <span className="visually-hidden">Loading your reports…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="report-item" aria-hidden="true">
          <div className="report-item-text">
            <Skeleton width="60%" height={18} />
            <Skeleton width="85%" height={14} />
          </div>
          <Skeleton width={220} height={36} className="report-item-skeleton-actions" />
        </div>
      ))}
    </div>
  );
}

/** The user's reports, newest first, each with View, Download, Email and Delete. */
export function ReportList({ reports, isLoading, error, onRetry, onEmail, onDelete }: ReportListProps): ReactElement {
  if (error !== undefined && !reports) {
    return (
      <Alert variant="danger" role="alert" title={reportMessages.generic}>
        <p>Your reports could not be loaded.</p>
        <p>
          <button type="button" className="link-button" onClick={onRetry}>
            Try again
          </button>
        </p>
      </Alert>
    );
  }
  if (isLoading || !reports) return <ReportListSkeleton />;
  if (reports.length === 0) {
    return (
      <div className="report-empty">
        <Icon name="reports" size={28} />
        <p>{reportMessages.empty}</p>
      </div>
    );
  }
  return (
    <ul className="report-list" aria-label="Generated reports">
      {reports.map((report) => (
        <li key={report.id} className="report-item">
          <div className="report-item-text">
            <h3 className="report-item-name">{report.name}</h3>
            <dl className="report-item-meta">
              <div>
                <dt>Type</dt>
                <dd>{reportTypeLabel(report.type)}</dd>
              </div>
              <div>
                <dt>Period</dt>
                <dd>
                  {formatIsoDate(report.dateStart)} – {formatIsoDate(report.dateEnd)}
                </dd>
              </div>
              <div>
                <dt>Generated</dt>
                <dd>
                  <time dateTime={report.dateGenerated}>{formatTimestamp(report.dateGenerated)}</time>
                </dd>
              </div>
            </dl>
          </div>
          <div className="report-actions report-item-actions">
            <a className="btn btn-secondary btn-sm" href={reportViewUrl(report.id)} target="_blank" rel="noopener noreferrer" aria-label={`View ${report.name} (opens in a new tab)`}>
              View
            </a>
            <a className="btn btn-secondary btn-sm" href={reportDownloadUrl(report.id)} target="_blank" rel="noopener noreferrer" aria-label={`Download ${report.name}`}>
              Download
            </a>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-label={`Email ${report.name}`}
              onClick={() => onEmail(report)}
            >
              Email
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm report-delete"
              aria-label={`Delete ${report.name}`}
              onClick={() => onDelete(report)}
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
