import { useState, type ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { formatDateTime12 } from '../../../lib/dates';
import { serverMessageOr } from '../../../lib/serverErrors';
import { describeEvent, needsAttention, useSecurityLog, type SecurityEvent } from '../api/securityLogApi';

export const SECURITY_LOG_LOAD_FAILURE = 'Your security log could not be loaded.';
/** Shown before "Show more": the answer first, the year behind it. */
export const FIRST_SHOWN = 5;
const MORE_AT_ONCE = 20;

function where(event: SecurityEvent): string {
  return [event.device, event.network ? `network ${event.network}` : null].filter(Boolean).join(' · ');
}

/**
 * The person's security log (issue 38), in the Security section: the newest events first,
 * with the device and network each came from; failures marked; older ones on request,
 * kept a year.
 */
export function SecurityLog(): ReactElement {
  const { events, error, more, loadingMore, loadMore } = useSecurityLog();
  const [shown, setShown] = useState(FIRST_SHOWN);
  const visible = events?.slice(0, shown) ?? [];
  const hiddenLoaded = (events?.length ?? 0) > shown;

  const showMore = (): void => {
    const next = shown + MORE_AT_ONCE;
    setShown(next);
    if ((events?.length ?? 0) < next && more) void loadMore();
  };

  return (
    <div className="profile-devices" role="group" aria-labelledby="profile-security-log-heading">
      <h3 id="profile-security-log-heading" className="profile-subheading">
        Security log
      </h3>
      <p className="text-sm">Sign-ins, changes to how you sign in, share links and exports, kept for a year.</p>
      {error ? (
        <Alert variant="danger" role="alert">
          {serverMessageOr(error, SECURITY_LOG_LOAD_FAILURE)}
        </Alert>
      ) : events === undefined ? (
        <p className="profile-busy" role="status" aria-live="polite">
          <Spinner size="sm" /> Loading your security log...
        </p>
      ) : events.length === 0 ? (
        <p className="text-sm">Nothing yet.</p>
      ) : (
        <>
          <ul className="profile-device-list" aria-label="Security events, newest first">
            {visible.map((event) => (
              <li key={event.id} className="profile-device">
                <div className="profile-device-text">
                  <p className="profile-device-name">
                    {describeEvent(event)}
                    {needsAttention(event) ? (
                      <>
                        {' '}
                        <span className="profile-log-attention">Was this you?</span>
                      </>
                    ) : null}
                  </p>
                  <p className="profile-device-meta">
                    <time dateTime={event.at}>{formatDateTime12(Date.parse(event.at))}</time>
                    {where(event) ? <> · {where(event)}</> : null}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          {hiddenLoaded || more ? (
            <div>
              <button type="button" className="btn btn-secondary" disabled={loadingMore} aria-busy={loadingMore || undefined} onClick={showMore}>
                {loadingMore ? <Spinner size="sm" /> : null}
                {loadingMore ? 'Loading older events...' : 'Show older events'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
