import { useId, useState, type ReactElement } from 'react';
import { Alert } from '../../../../components/feedback/Alert';
import { Skeleton } from '../../../../components/feedback/Skeleton';
import { Icon } from '../../../../components/icons/Icon';
import { formatDateTime12 } from '../../../../lib/dates';
import { cx } from '../../../../lib/cx';
import { useShareAccesses, type ShareAccessKind, type ShareDto, type ShareStatus } from '../../api/shares';
import { INCLUDES, openedText } from '../../shareSchema';

const STATUS_LABELS: Record<ShareStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Stopped' };
const ACCESS_LABELS: Record<ShareAccessKind, string> = { view: 'Viewed', pdf: 'Downloaded the PDF' };

/** An RFC 3339 instant as every screen shows a date and time. */
function When({ iso }: { iso: string }): ReactElement {
  const at = Date.parse(iso);
  return <time dateTime={iso}>{Number.isNaN(at) ? iso : formatDateTime12(at)}</time>;
}

/** "Blood pressure, heart rate and notes". */
export function showsText(share: ShareDto): string {
  const more = INCLUDES.filter(({ name }) => share[name]).map(({ label }) => label.toLowerCase());
  const last = more.pop();
  return last === undefined ? 'Blood pressure' : `${['Blood pressure', ...more].join(', ')} and ${last}`;
}

/** Placeholder rows while a list loads; `label` says what loads. */
function RowsSkeleton({ label, rows }: { label: string; rows: number }): ReactElement {
  return (
    <div role="status" aria-live="polite" className="share-skeleton">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="share-skeleton-row" aria-hidden="true">
          <Skeleton width="55%" height={18} />
          <Skeleton width="85%" height={14} />
        </div>
      ))}
    </div>
  );
}

/** Who opened a share: fetched each time the disclosure opens. */
function AccessLog({ share, describedBy }: { share: ShareDto; describedBy: string }): ReactElement {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { data, error, mutate } = useShareAccesses(open ? share.id : null);
  let body: ReactElement | null;
  if (!open) body = null;
  else if (!data && error !== undefined) {
    body = (
      <Alert variant="danger" role="alert" title="We couldn't load who opened it.">
        <button type="button" className="link-button" onClick={() => void mutate()}>
          Try again
        </button>
      </Alert>
    );
  } else if (!data) body = <RowsSkeleton label="Loading who opened it…" rows={2} />;
  else if (data.length === 0) body = <p className="text-sm text-muted">Not opened yet</p>;
  else {
    body = (
      <ul className="share-accesses" aria-label={`Who opened ${share.label}`}>
        {data.map((access, i) => (
          <li key={`${access.at}-${i}`}>
            <strong>{ACCESS_LABELS[access.kind] ?? access.kind}</strong>
            <When iso={access.at} />
            <span className="text-muted">{access.browser}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="share-log">
      <button
        type="button"
        className="share-log-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={describedBy}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="chevron-down" size={16} className="share-log-icon" />
        Who opened it
      </button>
      <div id={panelId} className="share-log-panel" hidden={!open}>
        {body}
      </div>
    </div>
  );
}

/** One share: what it is, whether it still works, how often it was opened, and its actions. */
function ShareItem({ share, onStop, onDelete }: { share: ShareDto; onStop: () => void; onDelete: () => void }): ReactElement {
  const headingId = useId();
  const ended = share.status === 'revoked' ? share.revokedAt : share.status === 'expired' ? share.expiresAt : null;
  return (
    <li className="report-item share-item">
      <div className="report-item-text">
        <div className="share-item-head">
          <h3 id={headingId} className="report-item-name">
            {share.label}
          </h3>
          <span className={cx('share-status', `share-status-${share.status}`)}>{STATUS_LABELS[share.status]}</span>
        </div>
        <dl className="report-item-meta">
          <div>
            <dt>Covers</dt>
            <dd>{share.periodText}</dd>
          </div>
          <div>
            <dt>Shows</dt>
            <dd>{showsText(share)}</dd>
          </div>
          <div>
            <dt>Shown as</dt>
            <dd>{share.shownName}</dd>
          </div>
          <div>
            <dt>{share.status === 'active' ? 'Expires' : STATUS_LABELS[share.status]}</dt>
            <dd>
              <When iso={ended ?? share.expiresAt} />
            </dd>
          </div>
          {share.hasAccessCode ? (
            <div>
              <dt>Access code</dt>
              <dd>Yes</dd>
            </div>
          ) : null}
          {share.emailedTo ? (
            <div>
              <dt>Emailed to</dt>
              <dd>{share.emailedTo}</dd>
            </div>
          ) : null}
        </dl>
        <p className="share-opened">
          <span>{openedText(share.opened)}</span>
          {share.lastOpenedAt ? (
            <span>
              Last opened <When iso={share.lastOpenedAt} />
            </span>
          ) : null}
        </p>
      </div>
      <div className="report-actions report-item-actions">
        {share.status === 'active' ? (
          <button type="button" className="btn btn-secondary btn-sm report-delete" aria-describedby={headingId} onClick={onStop}>
            Stop sharing
          </button>
        ) : (
          <button type="button" className="btn btn-ghost btn-sm report-delete" aria-describedby={headingId} onClick={onDelete}>
            Delete
          </button>
        )}
      </div>
      <AccessLog share={share} describedBy={headingId} />
    </li>
  );
}

export interface ShareListProps {
  shares: ShareDto[] | undefined;
  error: unknown;
  onRetry: () => void;
  onStop: (share: ShareDto) => void;
  onDelete: (share: ShareDto) => void;
}

/** The owner's shares, newest first. */
export function ShareList({ shares, error, onRetry, onStop, onDelete }: ShareListProps): ReactElement {
  if (!shares && error !== undefined) {
    return (
      <Alert variant="danger" role="alert" title="We couldn't load your shares.">
        <p>Check your connection and try again.</p>
        <button type="button" className="link-button" onClick={onRetry}>
          Try again
        </button>
      </Alert>
    );
  }
  if (!shares) return <RowsSkeleton label="Loading your shares…" rows={2} />;
  if (shares.length === 0) {
    return (
      <p className="report-empty">
        No shares yet. A share is a link your doctor opens without an account: you choose what it shows and for how
        long, and you can stop it at any time.
      </p>
    );
  }
  return (
    <ul className="report-list" aria-label="Your shares">
      {shares.map((share) => (
        <ShareItem key={share.id} share={share} onStop={() => onStop(share)} onDelete={() => onDelete(share)} />
      ))}
    </ul>
  );
}
