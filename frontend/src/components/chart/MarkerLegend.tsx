import type { ReactElement } from 'react';
import { formatDate, toIsoDate } from '../../lib/dates';
import { MARKER_STYLES, type MarkerKind, type NumberedEvent } from './eventMarkers';
import './chart.css';

/** A short sample of a kind's line, as the chart draws it. */
function LineSample({ kind }: { kind: MarkerKind }): ReactElement {
  const style = MARKER_STYLES[kind];
  return (
    <svg className={`marker-sample marker-kind-${kind}`} width="8" height="18" viewBox="0 0 8 18" aria-hidden="true">
      <line x1="4" y1="0" x2="4" y2="18" stroke="currentColor" strokeWidth="2" strokeDasharray={style.dash.join(' ') || undefined} />
    </svg>
  );
}

export interface MarkerLegendProps {
  /** What the markers are ("Medications"). */
  title: string;
  /** The events drawn, numbered as their badges. */
  events: ReadonlyArray<NumberedEvent>;
}

/**
 * Under a chart with markers: what each kind of line means, then each numbered badge's event
 * with its date. The list, not the canvas, carries the words, so nothing overlaps on a phone
 * and screen readers get the same.
 */
export function MarkerLegend({ title, events }: MarkerLegendProps): ReactElement {
  const kinds = (Object.keys(MARKER_STYLES) as MarkerKind[]).filter((k) => events.some((e) => e.kind === k));
  return (
    <div className="marker-legend">
      <p className="marker-legend-kinds">
        <span className="marker-legend-title">{title}:</span>
        {kinds.map((kind) => (
          <span key={kind} className="marker-legend-kind">
            <LineSample kind={kind} />
            {MARKER_STYLES[kind].name}
          </span>
        ))}
      </p>
      <ol className="marker-list" aria-label={`${title} on the chart`}>
        {events.map((event) => (
          <li key={event.number}>
            <span className={`marker-number marker-kind-${event.kind}`} aria-hidden="true">
              {event.number}
            </span>
            <span className="visually-hidden">{event.number}. </span>
            <span className="marker-date">{formatDate(toIsoDate(new Date(event.x)))}</span> {event.label}
          </li>
        ))}
      </ol>
    </div>
  );
}
