/** Page arithmetic of a paged list (History, a shared record's readings). No React here: cheap to test. */

/** At most this many page buttons (spec section 9). */
export const MAX_PAGE_BUTTONS = 5;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page numbers to offer around `current` (1-based), at most `max` of them. */
export function pageWindow(current: number, totalPages: number, max: number = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, totalPages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing X to Y of Z records' for a page that holds `rows` readings. */
export function showingText(page: number, rows: number, total: number, pageSize: number): string {
  const first = rows === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = rows === 0 ? 0 : first + rows - 1;
  return `Showing ${first} to ${last} of ${total} records`;
}
