import { useEffect, useId, useRef, type ReactElement } from 'react';
import { Icon } from '../../../components/icons/Icon';
import { Spinner } from '../../../components/feedback/Spinner';
import { formatDate, formatTime12 } from '../../../lib/dates';
import { FLAG_HINTS, FLAG_LABELS, sortedFlags } from '../../readings/model/readingFlags';
import { CLOCK_OFF_MINUTES, type CuffItem, tally, tallySentence } from '../cuffSession';
import { cuffLabel } from '../cuffsApi';
import { bluetoothSupported } from '../model/support';
import { type CuffSession, useCuffSession } from '../useCuffSession';
import './cuff.css';

/** The gauge's full scale: cuffs inflate to about 30 mmHg above the expected systolic. */
const GAUGE_MAX = 300;

/** Where Web Bluetooth is missing: which browsers can, and the typed form stays. */
export function CuffUnsupported(): ReactElement {
  return (
    <p className="cuff-unsupported text-sm text-muted">
      <Icon name="bluetooth" size={16} /> Reading a cuff over Bluetooth works in Chrome and Edge on Android, Windows,
      macOS and ChromeOS. In this browser, type the reading below.
    </p>
  );
}

function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  const span = h > 0 ? `${h} h ${m} min` : `${m} min`;
  return `${span} ${minutes > 0 ? 'ahead' : 'behind'}`;
}

function StateBadge({ item }: { item: CuffItem }): ReactElement {
  const s = item.state;
  switch (s.kind) {
    case 'saved':
      return (
        <span className="cuff-badge cuff-badge-saved">
          <Icon name="check-circle" size={14} /> Saved
        </span>
      );
    case 'already':
      return <span className="cuff-badge">Already in your record</span>;
    case 'saving':
      return <span className="cuff-badge">Saving…</span>;
    case 'needs-slot':
      return <span className="cuff-badge">Waiting: whose reading?</span>;
    case 'other-user':
      return <span className="cuff-badge">User {item.record?.userId}: not yours, not stored</span>;
    case 'unsent':
      return (
        <span className="cuff-badge cuff-badge-warning">
          <Icon name="clock" size={14} /> Not saved yet
        </span>
      );
    case 'refused':
      return (
        <span className="cuff-badge cuff-badge-refused">
          <Icon name="alert-circle" size={14} /> Not stored
        </span>
      );
  }
}

function ItemRow({ item }: { item: CuffItem }): ReactElement {
  const reading = item.reading;
  const record = item.record;
  const reason = item.state.kind === 'refused' || item.state.kind === 'unsent' ? item.state.reason : null;
  return (
    <li className="cuff-item" data-state={item.state.kind}>
      <div className="cuff-item-main">
        <span className="cuff-item-when">
          {reading ? `${formatDate(reading.date)} · ${formatTime12(reading.time)}` : 'A record the cuff sent'}
        </span>
        {record ? (
          <span className="cuff-item-values">
            <strong>
              {record.systolic}/{record.diastolic}
            </strong>{' '}
            mmHg
            {record.pulse !== null ? <span className="cuff-item-pulse"> · pulse {record.pulse}</span> : null}
          </span>
        ) : null}
        <StateBadge item={item} />
      </div>
      {reading && reading.flags.length > 0 ? (
        <ul className="cuff-flags" aria-label="What the cuff reported">
          {sortedFlags(reading.flags).map((flag) => (
            <li key={flag} className={flag === 'irregular-pulse' ? 'cuff-flag cuff-flag-pulse' : 'cuff-flag'} title={FLAG_HINTS[flag]}>
              {flag === 'irregular-pulse' ? <Icon name="pulse-irregular" size={14} /> : null}
              {FLAG_LABELS[flag]}
            </li>
          ))}
        </ul>
      ) : null}
      {reason ? <p className="cuff-item-reason">{reason}</p> : null}
      {item.state.kind === 'refused' && !record ? (
        <details className="cuff-item-raw text-sm text-muted">
          <summary>What the cuff sent</summary>
          <code>{item.raw}</code>
        </details>
      ) : null}
    </li>
  );
}

function Gauge({ pressure }: { pressure: number }): ReactElement {
  const share = Math.max(0, Math.min(1, pressure / GAUGE_MAX));
  return (
    <div className="cuff-gauge" role="meter" aria-label="Cuff pressure" aria-valuemin={0} aria-valuemax={GAUGE_MAX} aria-valuenow={pressure} aria-valuetext={`${pressure} mmHg`}>
      <div className="cuff-gauge-track">
        <div className="cuff-gauge-fill" style={{ inlineSize: `${share * 100}%` }} />
      </div>
      <span className="cuff-gauge-value">
        {pressure} <span className="text-sm">mmHg</span>
      </span>
    </div>
  );
}

function SlotChooser({ session }: { session: CuffSession }): ReactElement {
  const seen = [...new Set(session.items.flatMap((i) => (i.record && i.record.userId !== null ? [i.record.userId] : [])))].sort((a, b) => a - b);
  const slots = [...new Set([1, 2, ...seen])].sort((a, b) => a - b);
  return (
    <div className="cuff-slot" role="group" aria-labelledby="cuff-slot-title">
      <p id="cuff-slot-title" className="cuff-slot-title">
        This cuff keeps readings for more than one person. Which user are you on it?
      </p>
      <p className="text-sm text-muted">Only your readings are stored; the other person&apos;s are shown here and left out.</p>
      <div className="cuff-slot-buttons">
        {slots.map((slot) => (
          <button key={slot} type="button" className="btn btn-secondary" onClick={() => void session.chooseSlot(slot)}>
            User {slot}
          </button>
        ))}
      </div>
    </div>
  );
}

function statusLine(session: CuffSession, label: string): string {
  switch (session.phase) {
    case 'choosing':
      return 'Choose your cuff in the browser’s list…';
    case 'connecting':
      return `Connecting to ${label}…`;
    case 'connected':
      return session.pressure !== null ? `Connected to ${label} · measuring` : `Connected to ${label} · waiting for readings`;
    case 'disconnected':
      return session.watching
        ? `${label} disconnected · press its Bluetooth button to send more`
        : `${label} disconnected`;
    default:
      return '';
  }
}

export interface CuffPanelProps {
  /** Start connecting at once (the dashboard's "Connect a Bluetooth cuff" opened the page). */
  autoStart?: boolean;
}

/**
 * Record Vitals' Bluetooth cuff (issue 39): connect, watch the cuff inflate, see every reading
 * it sends arrive and what became of it. The typed form below stays for everything else.
 */
export function CuffPanel({ autoStart = false }: CuffPanelProps): ReactElement {
  const session = useCuffSession();
  const headingId = useId();
  const started = useRef(false);
  const supported = bluetoothSupported();

  useEffect(() => {
    // Only a remembered cuff can be reached without a click; the chooser needs one.
    if (autoStart && supported && !started.current) {
      started.current = true;
      void session.connect(false);
    }
  }, [autoStart, session, supported]);

  if (!supported) return <CuffUnsupported />;

  const label = session.cuff ? cuffLabel(session.cuff) : 'the cuff';
  const counts = tally(session.items);
  const busy = session.phase === 'choosing' || session.phase === 'connecting';
  const active = session.phase !== 'idle' && session.phase !== 'failed';
  const status = statusLine(session, label);
  const offset = session.clockOffset;

  return (
    <section className="card cuff-panel" aria-labelledby={headingId}>
      <div className="cuff-header">
        <h2 id={headingId} className="cuff-title">
          <Icon name="bluetooth" size={20} /> Bluetooth cuff
        </h2>
        {active && !busy ? (
          <button type="button" className="btn btn-ghost" onClick={session.disconnect}>
            Disconnect
          </button>
        ) : null}
      </div>

      {!active ? (
        <div className="cuff-start">
          <button type="button" className="btn btn-primary" onClick={() => void session.connect(false)}>
            <Icon name="bluetooth" size={18} /> Connect a Bluetooth cuff
          </button>
          <p className="text-sm text-muted">
            For cuffs with the standard Bluetooth blood pressure service (OMRON, A&amp;D, Beurer and others). Readings go
            from the cuff to your own Vitalog server and nowhere else.
          </p>
        </div>
      ) : null}

      {session.error ? (
        <p className="cuff-error" role="alert">
          <Icon name="alert-circle" size={16} /> {session.error}
        </p>
      ) : null}

      <p className="cuff-status" role="status" aria-live="polite">
        {busy ? <Spinner size="sm" /> : null}
        {status}
      </p>

      {session.phase === 'disconnected' ? (
        <div className="cuff-actions">
          <button type="button" className="btn btn-secondary" onClick={() => void session.connect(false)}>
            Connect again
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => void session.connect(true)}>
            Choose another cuff
          </button>
        </div>
      ) : null}
      {session.phase === 'failed' ? (
        <div className="cuff-actions">
          <button type="button" className="btn btn-ghost" onClick={() => void session.connect(true)}>
            Choose another cuff
          </button>
        </div>
      ) : null}

      {session.pressure !== null ? <Gauge pressure={session.pressure} /> : null}

      {session.phase === 'connected' && session.info?.canReport && session.info.canReport.length > 0 ? (
        <p className="text-sm text-muted">
          It can report: {session.info.canReport.map((flag) => FLAG_LABELS[flag].toLowerCase()).join(' · ')}.
        </p>
      ) : null}

      {session.info && (session.info.clockSet || (offset !== null && Math.abs(offset) > CLOCK_OFF_MINUTES)) ? (
        <p className="cuff-clock text-sm text-muted">
          <Icon name="clock" size={14} />{' '}
          {offset !== null && Math.abs(offset) > CLOCK_OFF_MINUTES
            ? `The cuff's clock was ${offsetText(offset)}; readings it kept from before are marked "Time unsure". `
            : ''}
          {session.info.clockSet ? "Its clock is now set from this device's." : ''}
        </p>
      ) : null}

      {counts.needsSlot > 0 ? <SlotChooser session={session} /> : null}

      {session.items.length > 0 ? (
        <>
          <p className="cuff-tally" role="status">
            {tallySentence(counts)}
            {counts.refused > 0 ? ` ${counts.refused} could not be stored.` : ''}
            {counts.otherUser > 0 ? ` ${counts.otherUser} belonged to another user of the cuff.` : ''}
          </p>
          {counts.unsent > 0 ? (
            <button type="button" className="btn btn-secondary" onClick={session.retry}>
              Try again
            </button>
          ) : null}
          <ul className="cuff-items" aria-label="Readings from the cuff, in the order they arrived">
            {session.items.map((item) => (
              <ItemRow key={item.key} item={item} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
