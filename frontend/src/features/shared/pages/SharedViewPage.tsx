import { useEffect, useState, type ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { preloadChart } from '../../../components/chart/LazyTimeSeriesChart';
import { Alert } from '../../../components/feedback/Alert';
import { Skeleton } from '../../../components/feedback/Skeleton';
import { Icon } from '../../../components/icons/Icon';
import { PageHeader } from '../../../components/layout/PageHeader';
import { PublicLayout, StatusCard } from '../../../components/layout/PublicLayout';
import { isApiError } from '../../../lib/api';
import { formatDate, formatDateTime12, formatInstantDate } from '../../../lib/dates';
import { SHARING_MESSAGES } from '../../../lib/rules';
import { isNotFound, needsAccessCode, serverMessageOr } from '../../../lib/serverErrors';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { sharedPdfUrl, useSharedView, type SharedViewDto } from '../api/sharedApi';
import { AccessCodeForm } from '../components/AccessCodeForm';
import { SharedCharts } from '../components/SharedCharts';
import { SharedMedications } from '../components/SharedMedications';
import { SharedReadingsTable } from '../components/SharedReadingsTable';
import { SharedSummary } from '../components/SharedSummary';
import '../shared.css';

export const GONE_TITLE = 'This link is no longer available';
export const GONE_FALLBACK = 'It may have expired or been withdrawn; ask for a new one.';
export const CODE_FALLBACK = SHARING_MESSAGES.codeRequired;
export const LOAD_FAILED = 'This record could not be loaded';
export const READ_ONLY_NOTE =
  'A read-only copy of readings this person recorded and chose to share with you. It is not a diagnosis.';

function LoadingView(): ReactElement {
  return (
    <div className="shared-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">Loading the shared record…</span>
      <div className="progress-bar" aria-hidden="true">
        <span />
      </div>
      <Skeleton width="55%" height={32} />
      <Skeleton width="35%" height={16} />
      <div className="shared-skeleton-grid">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={84} radius={10} />
        ))}
      </div>
      <Skeleton height={240} radius={14} />
    </div>
  );
}

/** The server's message under the same words as a heading: its first sentence is the heading, said once. */
function GoneView({ error }: { error: unknown }): ReactElement {
  const message = serverMessageOr(error, GONE_FALLBACK);
  const rest = message.startsWith(`${GONE_TITLE}.`) ? message.slice(GONE_TITLE.length + 1).trim() : message;
  return (
    <StatusCard tone="neutral" icon={<Icon name="info" size={32} />} title={GONE_TITLE}>
      <p>{rest || GONE_FALLBACK}</p>
    </StatusCard>
  );
}

function FailedView({ error, onRetry }: { error: unknown; onRetry: () => void }): ReactElement {
  const why = isApiError(error)
    ? serverMessageOr(error, 'Something went wrong on our side. Try again in a moment.')
    : 'Check your connection and try again.';
  return (
    <StatusCard
      tone="warning"
      icon={<Icon name="warning" size={32} />}
      title={LOAD_FAILED}
      actions={
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      }
    >
      <p role="alert">{why}</p>
    </StatusCard>
  );
}

function RecordView({ view, token }: { view: SharedViewDto; token: string }): ReactElement {
  const [present] = useState(() => Date.now());
  const expires = formatInstantDate(view.expiresAt);
  const generated = new Date(view.generatedAt).getTime();
  return (
    <div className="shared-page page-stack">
      <PageHeader
        title={`Health record of ${view.shownName}`}
        description={
          <>
            <span>
              <span className="shared-period">
                {formatDate(view.from)} to {formatDate(view.to)}
              </span>{' '}
              <span className="shared-muted">({view.periodText})</span>
            </span>
            <span className="shared-expiry">
              {expires ? `Link expires ${expires}` : null}
              {Number.isFinite(generated) ? ` · Prepared ${formatDateTime12(generated)}` : null}
            </span>
          </>
        }
        actions={
          <>
            <a className="btn btn-primary" href={sharedPdfUrl(token)} download>
              Download PDF
            </a>
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              Print
            </button>
          </>
        }
      />
      <Alert variant="info" role="note" className="shared-note">
        {READ_ONLY_NOTE}
      </Alert>
      <SharedSummary view={view} />
      <SharedCharts view={view} present={present} />
      <SharedReadingsTable view={view} />
      {view.includeMedications && view.medications ? (
        <SharedMedications medications={view.medications} note={view.medicationNote} />
      ) : null}
    </div>
  );
}

/**
 * `/s/:token`: a record shared with a clinician. Public: no account, no call but the
 * share's own (`/api/shared/{token}...`), no navigation into the app. Summary first, then
 * charts, readings and medications; or the access-code form, or a calm page for a dead link.
 */
export default function SharedViewPage(): ReactElement {
  const { token = '' } = useParams();
  const { view, error, isLoading, reload } = useSharedView(token);
  const [goneAfterCode, setGoneAfterCode] = useState<unknown>(null);

  // The charts' code downloads while the record does (a phone on 3G waits for one, not both).
  useEffect(() => {
    void preloadChart();
  }, []);

  let title = 'Shared health record';
  let body: ReactElement;
  let width: 'narrow' | 'page' = 'narrow';
  // Unknown, expired and withdrawn links all answer not_found: the same page for each.
  if (goneAfterCode !== null || isNotFound(error)) {
    title = GONE_TITLE;
    body = <GoneView error={goneAfterCode ?? error} />;
  } else if (view) {
    title = `Health record of ${view.shownName}`;
    width = 'page';
    body = <RecordView view={view} token={token} />;
  } else if (needsAccessCode(error)) {
    // Stays up while the record reloads after a right code (its button says it is checking).
    title = 'Access code';
    body = (
      <AccessCodeForm
        token={token}
        message={serverMessageOr(error, CODE_FALLBACK)}
        onUnlocked={reload}
        onGone={setGoneAfterCode}
      />
    );
  } else if (error !== undefined && !isLoading) {
    body = <FailedView error={error} onRetry={() => void reload()} />;
  } else {
    width = 'page';
    body = <LoadingView />;
  }
  useDocumentTitle(title);

  return (
    <PublicLayout width={width} brandLink={false}>
      {body}
    </PublicLayout>
  );
}
