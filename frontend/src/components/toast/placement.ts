/**
 * Where a toast goes. It sits at the bottom (right on wide screens, above the tab bar on
 * phones), never over the page's title and actions at the top (issue 36: it sat on the h1
 * and the header's buttons for 5 s); it must never cover the control that caused it either
 * (a retry click would land on the toast), so when it would overlap one of its anchors there
 * it moves to the top of the viewport.
 */
export type ToastPlacement = 'top' | 'bottom';

const INTERACTIVE = 'button, a[href], input, select, textarea, [role="button"]';
const SUBMITS = 'button[type="submit"], button:not([type]), input[type="submit"]';

/** Extra room kept between a toast and a control (the entry animation moves it a little). */
const GAP_PX = 8;

export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export function overlaps(a: Box, b: Box, gap = GAP_PX): boolean {
  return a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;
}

/**
 * The controls a new toast must keep clear of: the control last pressed and the focused
 * one, and the submit buttons of the form either sits in (a toast answering a submit is
 * caused by that form's button, even when Enter in a field sent it).
 */
export function anchorsOf(candidates: ReadonlyArray<Element | null | undefined>): Element[] {
  const out = new Set<Element>();
  for (const candidate of candidates) {
    if (!candidate || !candidate.isConnected || candidate === document.body || candidate === document.documentElement) continue;
    out.add(candidate.closest(INTERACTIVE) ?? candidate);
    const form = candidate.closest('form');
    form?.querySelectorAll(SUBMITS).forEach((submit) => out.add(submit));
  }
  return [...out];
}

/**
 * Where the toast goes now: `bottom` unless, laid out at the bottom of its `area` (the toast
 * viewport), it would cover an anchor; then `top`. The bottom slot is worked out from the
 * area and the toast's size, not from where the toast is drawn now, so the answer is the
 * same from either place: called again after a scroll or a resize it moves the toast up
 * when the page brings an anchor under it, and back down when the anchor has gone.
 */
export function placementIn(area: Box, toast: Box, anchors: readonly Element[]): ToastPlacement {
  const bottom: Box = { top: area.bottom - (toast.bottom - toast.top), bottom: area.bottom, left: toast.left, right: toast.right };
  const covered = anchors.some((anchor) => anchor.isConnected && overlaps(bottom, anchor.getBoundingClientRect()));
  return covered ? 'top' : 'bottom';
}
