/**
 * Where a toast goes. It sits at the top, under the header, centred; it must never cover
 * the control that caused it (a retry click would land on the toast), so when it would
 * overlap one of its anchors there it moves to the bottom of the viewport.
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

/** The placement after measuring the toast where it is: `top` unless it covers an anchor there. */
export function nextPlacement(current: ToastPlacement, toast: Box, anchors: readonly Element[]): ToastPlacement {
  if (current === 'bottom') return 'bottom';
  const covered = anchors.some((anchor) => anchor.isConnected && overlaps(toast, anchor.getBoundingClientRect()));
  return covered ? 'bottom' : 'top';
}
