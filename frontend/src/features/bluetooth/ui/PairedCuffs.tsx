import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { useToast } from '../../../components/toast';
import { formatInstantDate } from '../../../lib/dates';
import { serverMessageOr } from '../../../lib/serverErrors';
import { knownCuffs } from '../cuffLink';
import { type Cuff, cuffLabel, forgetCuff, useCuffs } from '../cuffsApi';
import { bluetoothSupported } from '../model/support';
import './cuff.css';

/**
 * Profile → Preferences: the cuffs this account has read (issue 39), with their last sync and
 * "Forget" (the readings stay; the browser's permission for the cuff is dropped where it can be).
 */
export function PairedCuffs(): ReactElement {
  const { cuffs, error, refresh } = useCuffs();
  const { toast } = useToast();
  const [forgetting, setForgetting] = useState<string | null>(null);

  const forget = async (cuff: Cuff): Promise<void> => {
    setForgetting(cuff.id);
    try {
      await forgetCuff(cuff.id);
      const device = (await knownCuffs()).find((d) => d.id === cuff.id);
      // Chrome 101+: the site stops being allowed to reach this cuff without the chooser.
      if (device && typeof device.forget === 'function') await device.forget().catch(() => undefined);
      await refresh();
      toast({ title: 'Cuff forgotten', description: `${cuffLabel(cuff)} is no longer remembered. Its readings stay in your record.` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'The cuff was not forgotten', description: serverMessageOr(err, 'Please try again.') });
    } finally {
      setForgetting(null);
    }
  };

  return (
    <div className="paired-cuffs" role="group" aria-labelledby="paired-cuffs-heading">
      <h3 id="paired-cuffs-heading" className="profile-subheading">
        Bluetooth cuffs
      </h3>
      {error ? (
        <Alert variant="danger" role="alert">
          {serverMessageOr(error, 'Your cuffs could not be loaded.')}
        </Alert>
      ) : cuffs === undefined ? (
        <p className="profile-busy" role="status" aria-live="polite">
          <Spinner size="sm" /> Loading your cuffs...
        </p>
      ) : cuffs.length === 0 ? (
        <p className="text-sm">
          {bluetoothSupported() ? (
            <>
              No cuff yet. <Link to="/vitals?cuff=1">Connect a Bluetooth cuff</Link> on Record Vitals and it is
              remembered here.
            </>
          ) : (
            'No cuff yet. Reading a cuff over Bluetooth works in Chrome and Edge on Android, Windows, macOS and ChromeOS.'
          )}
        </p>
      ) : (
        <ul className="profile-device-list" aria-label="Your Bluetooth cuffs">
          {cuffs.map((cuff) => (
            <li key={cuff.id} className="profile-device">
              <div className="profile-device-text">
                <p className="profile-device-name">{cuffLabel(cuff)}</p>
                <p className="profile-device-meta">
                  {cuff.lastSyncAt ? `Last sync ${formatInstantDate(cuff.lastSyncAt)}` : 'Not synced yet'}
                  {cuff.userSlot !== null ? ` · you are user ${cuff.userSlot}` : ''}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={`Forget ${cuffLabel(cuff)}`}
                disabled={forgetting === cuff.id}
                aria-busy={forgetting === cuff.id || undefined}
                onClick={() => void forget(cuff)}
              >
                {forgetting === cuff.id ? <Spinner size="sm" /> : null}
                Forget
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
