/** Date helpers for the reports screen: local calendar dates and the spec's MM/DD/YYYY. */

const pad = (n: number): string => String(n).padStart(2, '0');

/** The local calendar date as YYYY-MM-DD (what `<input type="date">` holds). */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `days` calendar days before `date` (local time). */
export function daysBefore(date: Date, days: number): Date {
  const out = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  out.setDate(out.getDate() - days);
  return out;
}

/** YYYY-MM-DD as MM/DD/YYYY; anything else is returned as it is. */
export function formatIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/** An RFC 3339 instant as the local MM/DD/YYYY and 12-hour time, e.g. "11/22/2026, 9:05 AM". */
export function formatTimestamp(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const hours = date.getHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  const day = `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
  return `${day}, ${h12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
