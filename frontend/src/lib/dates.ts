/**
 * Dates and times of readings. A reading's date (YYYY-MM-DD) and time (HH:MM, 24-hour) are
 * the user's wall-clock values: they are read and written in the browser's local time zone.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number): string => String(n).padStart(2, '0');

/** YYYY-MM-DD of a local date. */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** HH:MM (24-hour) of a local time. */
export function toIsoTime(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function parseIsoDate(iso: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function parseIsoTime(time: string): [number, number] | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Whether the text is a wall-clock time, HH:MM on 24 hours ('08:00', not '8:00' nor '24:00'). */
export function isIsoTime(time: string): boolean {
  const t = parseIsoTime(time);
  return t !== null && t[0] < 24 && t[1] < 60;
}

/** Local timestamp (ms) of a date and optional time; NaN when the date is not YYYY-MM-DD. */
export function readingTimestamp(date: string, time: string | null | undefined): number {
  const d = parseIsoDate(date);
  if (!d) return Number.NaN;
  const t = time ? parseIsoTime(time) : null;
  return new Date(d[0], d[1] - 1, d[2], t?.[0] ?? 0, t?.[1] ?? 0).getTime();
}

/** MM/DD/YYYY, as every screen shows dates. */
export function formatDate(iso: string): string {
  const d = parseIsoDate(iso);
  return d ? `${pad(d[1])}/${pad(d[2])}/${d[0]}` : iso;
}

/** MM/DD/YYYY of a moment (RFC 3339, e.g. a subscription's end) in the browser's zone; null for none or garbage. */
export function formatInstantDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatDate(toIsoDate(date));
}

/** 12-hour time with AM/PM: '08:05' -> '8:05 AM', '00:30' -> '12:30 AM', '13:00' -> '1:00 PM'. */
export function formatTime12(time: string): string {
  const t = parseIsoTime(time);
  if (!t) return time;
  const [h, m] = t;
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${pad(m)} ${suffix}`;
}

/**
 * A span of the day from `from` up to `until` (HH:MM, `until` not included), first minute to
 * last, 12-hour: ('04:00', '12:00') -> '4:00 AM to 11:59 AM'; a span may run past midnight,
 * ('12:00', '04:00') -> '12:00 PM to 3:59 AM'. The server's is `readings::session::Period::hours`.
 */
export function formatSpan12(from: string, until: string): string {
  const end = parseIsoTime(until);
  if (!end) return `${formatTime12(from)} to ${until}`;
  const day = 24 * 60;
  const last = (end[0] * 60 + end[1] + day - 1) % day;
  return `${formatTime12(from)} to ${formatTime12(`${pad(Math.floor(last / 60))}:${pad(last % 60)}`)}`;
}

/** Month/day tick label of a timestamp: '11/22'. */
export function formatMonthDay(timestamp: number): string {
  const d = new Date(timestamp);
  return `${d.getMonth() + 1}/${d.getDate()}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A month's short name, tick label of a long chart: 'Jan'. */
export function formatMonthShort(timestamp: number): string {
  return MONTHS[new Date(timestamp).getMonth()] ?? '';
}

/** 'MM/DD/YYYY h:mm AM' of a timestamp (a chart tooltip's title). */
export function formatDateTime12(timestamp: number): string {
  const d = new Date(timestamp);
  return `${formatDate(toIsoDate(d))} ${formatTime12(toIsoTime(d))}`;
}

/** The local date `days` days before `now`, as YYYY-MM-DD. */
export function isoDateDaysAgo(days: number, now: Date = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return toIsoDate(d);
}

/**
 * "Last N days" everywhere (history filter, chart ranges): N calendar days in the browser's
 * time zone, today included. Last 1 day is today; Last 7 days is today and the 6 days before.
 * Returns the first of those days as YYYY-MM-DD.
 */
export function firstDayOfLastDays(days: number, now: Date = new Date()): string {
  return isoDateDaysAgo(Math.max(days, 1) - 1, now);
}

/**
 * A first day that covers the last `days` calendar days (`firstDayOfLastDays`) in every time
 * zone: `days` days before today in UTC (no zone is more than a day behind UTC). For a
 * request whose URL must not depend on the browser's zone, because the server names it too
 * (the dashboard's readings, preloaded with the page: `app/routePreloads.json`); what is drawn
 * is still cut to the browser's days.
 */
export function firstDayOfLastDaysAnywhere(days: number, now: Date = new Date()): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - Math.max(days, 1)));
  return day.toISOString().slice(0, 10);
}

/** What "Last N days" means, as every period or range control says it (see `firstDayOfLastDays`). */
export const LAST_DAYS_HINT = 'Calendar days, today included.';

/** Local midnight (ms) that starts the last `days` calendar days (see `firstDayOfLastDays`). */
export function startOfLastDays(days: number, now: Date = new Date()): number {
  return readingTimestamp(firstDayOfLastDays(days, now), null);
}

/**
 * HH:MM (24-hour) of a moment on the wall clock of an IANA time zone (the user's preference:
 * the server dates doses in it); the browser's own time when the zone is unknown.
 */
export function isoTimeIn(timeZone: string, now: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
    const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
    const time = `${part('hour')}:${part('minute')}`;
    return /^\d{2}:\d{2}$/.test(time) ? time : toIsoTime(now);
  } catch {
    return toIsoTime(now);
  }
}

/**
 * YYYY-MM-DD of a moment on the calendar of an IANA time zone: the user's "today" as the
 * server reckons it (doses, a medication's start and end); the browser's date when the zone
 * is unknown.
 */
export function isoDateIn(timeZone: string, now: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
    const date = `${part('year')}-${part('month')}-${part('day')}`;
    return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : toIsoDate(now);
  } catch {
    return toIsoDate(now);
  }
}

const AGO = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/**
 * How long before `now` a moment was, as a person says it: "just now" under a minute, then
 * minutes, hours, days ("5 minutes ago", "yesterday"), and past a week its date (MM/DD/YYYY).
 */
export function formatAgo(timestamp: number, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - timestamp) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return AGO.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return AGO.format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return AGO.format(-days, 'day');
  return formatDate(toIsoDate(new Date(timestamp)));
}
