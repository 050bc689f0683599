import { useRef, useState, type ReactElement } from 'react';
import { Dialog } from '../../../components/dialog/Dialog';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { useToast } from '../../../components/toast';
import { formatAgo, formatDateTime12 } from '../../../lib/dates';
import { isNotFound, serverMessageOr } from '../../../lib/serverErrors';
import { deviceName, endOtherSessions, endSession, useSignedIn, type SignedIn } from '../api/sessionsApi';

export const SESSIONS_LOAD_FAILURE = 'Where you are signed in could not be loaded.';
const END_FAILURE = 'The session could not be signed out. Please try again.';

/**
 * Where you're signed in (issue 38), in the Security section: each session's browser and
 * system, the network it signed in from, when it signed in and was last active, this device
 * marked; Sign out for each other one, and Sign out everywhere else (confirmed first).
 */
export function SignedInDevices(): ReactElement {
  const { sessions, error, mutate } = useSignedIn();
  const { toast } = useToast();
  const [ending, setEnding] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [endingAll, setEndingAll] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const others = sessions?.filter((s) => !s.current) ?? [];

  const signOut = async (session: SignedIn): Promise<void> => {
    setEnding(session.id);
    try {
      await endSession(session.id);
      toast({ title: 'Signed out', description: `${deviceName(session)} is signed out of your account.` });
    } catch (err) {
      // Ended meanwhile (it expired, or another tab signed it out): what was asked is done.
      if (isNotFound(err)) toast({ title: 'Already signed out', description: `${deviceName(session)} was no longer signed in.` });
      else toast({ variant: 'destructive', title: 'Not signed out', description: serverMessageOr(err, END_FAILURE) });
    } finally {
      // Its row (and the button that had focus) goes once the list is fetched again.
      await mutate();
      setEnding(null);
      heading.current?.focus();
    }
  };

  const signOutOthers = async (): Promise<void> => {
    setEndingAll(true);
    try {
      const ended = await endOtherSessions();
      setConfirming(false);
      toast({
        title: 'Signed out everywhere else',
        description: ended === 1 ? '1 other session is signed out.' : `${ended} other sessions are signed out.`,
      });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Not signed out', description: serverMessageOr(err, END_FAILURE) });
    } finally {
      await mutate();
      setEndingAll(false);
    }
  };

  return (
    <div className="profile-devices" role="group" aria-labelledby="profile-devices-heading">
      <h3 id="profile-devices-heading" className="profile-subheading" ref={heading} tabIndex={-1}>
        Where you&apos;re signed in
      </h3>
      <p className="text-sm">Don&apos;t recognise one? Sign it out, then change your password above.</p>
      {error ? (
        <Alert variant="danger" role="alert">
          {serverMessageOr(error, SESSIONS_LOAD_FAILURE)}
        </Alert>
      ) : sessions === undefined ? (
        <p className="profile-busy" role="status" aria-live="polite">
          <Spinner size="sm" /> Loading where you are signed in...
        </p>
      ) : (
        <>
          <ul className="profile-device-list" aria-label="Signed-in sessions">
            {sessions.map((session) => (
              <li key={session.id} className="profile-device">
                <div className="profile-device-text">
                  <p className="profile-device-name">
                    {deviceName(session)}
                    {session.current ? (
                      <>
                        {' '}
                        <span className="profile-device-current">This device</span>
                      </>
                    ) : null}
                  </p>
                  {session.current ? null : (
                    <p className="profile-device-meta">Last active {formatAgo(Date.parse(session.lastActiveAt))}</p>
                  )}
                  <p className="profile-device-meta">
                    Signed in {formatDateTime12(Date.parse(session.signedInAt))}
                    {session.network ? <> from network {session.network}</> : null}
                  </p>
                </div>
                {session.current ? null : (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm profile-device-action"
                    disabled={ending !== null || endingAll}
                    aria-busy={ending === session.id || undefined}
                    aria-label={`Sign out ${deviceName(session)}, signed in ${formatDateTime12(Date.parse(session.signedInAt))}`}
                    onClick={() => void signOut(session)}
                  >
                    {ending === session.id ? <Spinner size="sm" /> : null}
                    Sign out
                  </button>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <div>
              <button type="button" className="btn btn-secondary" disabled={ending !== null} onClick={() => setConfirming(true)}>
                Sign out everywhere else
              </button>
            </div>
          ) : (
            <p className="text-sm">You are signed in on this device only.</p>
          )}
        </>
      )}
      {confirming ? (
        <Dialog
          title="Sign out everywhere else?"
          description={`${others.length === 1 ? 'The 1 other session' : `All ${others.length} other sessions`} will be signed out at once. You stay signed in here.`}
          confirmLabel="Sign out everywhere else"
          pendingLabel="Signing out..."
          busy={endingAll}
          onConfirm={() => void signOutOthers()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
