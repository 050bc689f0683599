/**
 * Markers of events on a time chart (issue 16: a medication started, changed or stopped):
 * which events fall in the window, their numbers, and where each line and its numbered badge
 * go so that no two badges overlap. No chart.js code here (cheap to test); the plugin that
 * draws them is `markerPlugin.ts`.
 */

import { readingTimestamp } from '../../lib/dates';

export type MarkerKind = 'started' | 'changed' | 'stopped';

/** An event to mark: a local timestamp (ms; a date's midnight) and what happened. */
export interface ChartEvent {
  x: number;
  kind: MarkerKind;
  label: string;
}

/**
 * An event on a day, as the server sends the medications' (`MedicationEventDto`); said by
 * shape, so the shared chart code depends on no feature.
 */
export interface DatedEvent {
  date: string;
  kind: MarkerKind;
  label: string;
}

/** The markers of the medications' events, each at the start of its day (dashboard and Trends). */
export function medicationEvents(events: ReadonlyArray<DatedEvent> | undefined): ChartEvent[] {
  return (events ?? []).map((e) => ({ x: readingTimestamp(e.date, null), kind: e.kind, label: e.label }));
}

/** An event in the window with its number (1, 2, ... left to right), as the list under the chart shows it. */
export interface NumberedEvent extends ChartEvent {
  number: number;
}

/** One vertical line: the events of one moment, its badge's text and the lane the badge sits in. */
export interface PlacedMarker {
  /** Pixel x of the line. */
  px: number;
  /** The line's style: the first event's kind (shape and colour; see MARKER_STYLES). */
  kind: MarkerKind;
  /** The badge's text: '1', or '2–3' for several events at one moment. */
  text: string;
  /** 0 = the top row of badges; a badge too close to the one before it drops a row. */
  lane: number;
  /** Pixel x of the badge's left edge (the plugin keeps it inside the plot). */
  left: number;
}

/**
 * How each kind is drawn: a dash pattern, so the kind does not rest on colour alone, and its
 * name. The colours are the theme's (chartTheme.ts; chart.css's .marker-kind-* for the legend).
 */
export const MARKER_STYLES: Readonly<Record<MarkerKind, { dash: number[]; name: string }>> = {
  started: { dash: [], name: 'Started' },
  changed: { dash: [6, 4], name: 'Dose changed' },
  stopped: { dash: [2, 3], name: 'Stopped' },
};

/** Height of a badge row (px, badges hang from the plot's top), and how many rows there are at most before badges share one. */
export const BADGE_ROW = 18;
export const MAX_LANES = 3;

/** The events inside [min, max], oldest first, numbered from 1. */
export function eventsInWindow(events: ReadonlyArray<ChartEvent>, min: number, max: number): NumberedEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => Number.isFinite(event.x) && event.x >= min && event.x <= max)
    .sort((a, b) => a.event.x - b.event.x || a.index - b.index)
    .map(({ event }, i) => ({ ...event, number: i + 1 }));
}

/** The badge text of consecutive numbers: '4', '4–5', '4–6'. */
function badgeText(numbers: ReadonlyArray<number>): string {
  const first = numbers[0] ?? 0;
  const last = numbers[numbers.length - 1] ?? first;
  return first === last ? String(first) : `${first}–${last}`;
}

/** Rough width (px) of a badge with this text: 7 px per character and padding. */
export const badgeWidth = (text: string): number => 8 + 7 * text.length;

/**
 * Lines and badges of the numbered events: events at the same pixel share a line; each badge
 * takes the first lane where it clears the badges already placed (by `gap` px, or at least
 * does not touch them). When none does (very crowded, e.g. a phone's 90 days), the line gets no badge of its own: the badge
 * placed last covers its number too ("3–4"), growing to the right, so no badge hides another.
 */
export function placeMarkers(
  events: ReadonlyArray<NumberedEvent>,
  toPixel: (x: number) => number,
  gap = 4,
): PlacedMarker[] {
  const groups: { px: number; kind: MarkerKind; numbers: number[] }[] = [];
  for (const event of events) {
    const px = Math.round(toPixel(event.x));
    const last = groups[groups.length - 1];
    if (last && last.px === px) last.numbers.push(event.number);
    else groups.push({ px, kind: event.kind, numbers: [event.number] });
  }
  // The right edge of the last badge in each lane.
  const laneEnds: number[] = Array.from({ length: MAX_LANES }, () => Number.NEGATIVE_INFINITY);
  const placed: PlacedMarker[] = [];
  // The badge placed last and the first number it shows (it covers every number since).
  let lastBadge: { marker: PlacedMarker; first: number } | null = null;
  for (const group of groups) {
    const text = badgeText(group.numbers);
    const width = badgeWidth(text);
    const left = group.px - width / 2;
    let lane = laneEnds.findIndex((end) => left >= end + gap);
    // None with room to spare: one where it at least does not touch.
    if (lane === -1) lane = laneEnds.findIndex((end) => left >= end);
    if (lane === -1 && lastBadge) {
      const { marker } = lastBadge;
      marker.text = badgeText([lastBadge.first, ...group.numbers]);
      laneEnds[marker.lane] = marker.left + badgeWidth(marker.text);
      placed.push({ px: group.px, kind: group.kind, text: '', lane: marker.lane, left: group.px });
      continue;
    }
    const row = Math.max(lane, 0);
    const marker: PlacedMarker = { px: group.px, kind: group.kind, text, lane: row, left };
    laneEnds[row] = left + width;
    placed.push(marker);
    lastBadge = { marker, first: group.numbers[0] ?? 0 };
  }
  return placed;
}
