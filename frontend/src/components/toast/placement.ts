/**
 * Where a toast goes (issue 36: it sat on the h1 and the page header's buttons for 5 s).
 *
 * Each screen size has its edge (toast.css's `--toast-edge`): the top right on wide screens,
 * the bottom above the tab bar on phones. At the top the toast sits below the app header and
 * below whatever of the page's title and actions (`KEEP_CLEAR`) is in view, so it never
 * covers them. It must never cover the control that caused it either (a retry click would
 * land on the toast): when its own edge would, it takes the other one.
 */
export type ToastPlacement = 'top' | 'bottom';

/** Where the toast is drawn: its edge, and how far below the area's top it starts. */
export interface ToastSlot {
  placement: ToastPlacement;
  /** px from the top of the toast area (0 at the bottom edge: the flex layout puts it there). */
  offset: number;
}

/**
 * What no toast ever covers: the page's title and its header's actions, the offline line
 * under the app header, and the update prompt ("A new version is available — Reload"),
 * which shares the phone's bottom edge.
 */
export const KEEP_CLEAR = '.page-header, main h1, .offline-banner, .update-prompt';

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
 * Where the toast goes now, in its `area` (the toast viewport), given its size (`toast`, as
 * drawn now: only its height and columns count), the controls it must not cover and the
 * page's title and actions (`keepClear`). Both slots are worked out from the area and the
 * boxes, not from where the toast is drawn now, so the answer is the same from either place:
 * called again after a scroll or a resize it follows the page (below the title while the
 * title is in view, up under the app header once it has scrolled away) and changes edge
 * when the page brings an anchor under it.
 */
export function slotIn(
  area: Box,
  toast: Box,
  anchors: readonly Element[],
  keepClear: readonly Box[],
  preferred: ToastPlacement = 'bottom',
): ToastSlot {
  const height = toast.bottom - toast.top;
  const column = (box: Box): boolean => box.left < toast.right && toast.left < box.right;
  // The first place from the area's top (below the app header) that no title or action in
  // this column covers: below the page header while it is in view.
  let top = area.top;
  for (const box of [...keepClear].filter(column).sort((a, b) => a.top - b.top)) {
    if (box.top < top + height + GAP_PX && box.bottom + GAP_PX > top) top = box.bottom + GAP_PX;
  }
  const slots: Record<ToastPlacement, Box & { offset: number }> = {
    top: { top, bottom: top + height, left: toast.left, right: toast.right, offset: top - area.top },
    bottom: { top: area.bottom - height, bottom: area.bottom, left: toast.left, right: toast.right, offset: 0 },
  };
  const fits = (placement: ToastPlacement): boolean => slots[placement].bottom <= area.bottom;
  const coversTitle = (placement: ToastPlacement): boolean => keepClear.some((box) => overlaps(slots[placement], box, 0));
  const coversAnchor = (placement: ToastPlacement): boolean =>
    anchors.some((anchor) => anchor.isConnected && overlaps(slots[placement], anchor.getBoundingClientRect()));
  const order: ToastPlacement[] = preferred === 'top' ? ['top', 'bottom'] : ['bottom', 'top'];
  // Clear of everything; else clear of the control just pressed (a retry must reach it);
  // else the bottom, over the page's content.
  const placement =
    order.find((p) => fits(p) && !coversTitle(p) && !coversAnchor(p)) ?? order.find((p) => fits(p) && !coversAnchor(p)) ?? 'bottom';
  return { placement, offset: slots[placement].offset };
}
