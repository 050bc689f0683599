import { useEffect, useState } from 'react';

/**
 * How long the dashboard shows its page skeleton while its cards' answers come in; after it,
 * each card shows its own skeleton (or failure) until its answer arrives.
 */
export const CARDS_HOLD_MS = 1000;

/** An answer that is in: its data, or its error. */
export const answered = (state: { data?: unknown; error: unknown }): boolean =>
  state.data !== undefined || state.error !== undefined;

/**
 * True once every one of `answers` is in, or `holdMs` after the first render, and from then
 * on. The dashboard shows its page skeleton until then, so it first paints with its cards
 * filled: a card painted as its skeleton and then filled moved everything under it
 * (Lighthouse desktop CLS 0.16), and whether the answers, even those preloaded with the
 * page, beat the browser's first paint was a race.
 */
export function useCardsAnswered(answers: ReadonlyArray<boolean>, holdMs = CARDS_HOLD_MS): boolean {
  const all = answers.every(Boolean);
  const [shown, setShown] = useState(all);
  // Latched: a card asking again later (a revalidation, another day) keeps its own state.
  if (all && !shown) setShown(true);
  useEffect(() => {
    if (shown) return undefined;
    const timer = setTimeout(() => setShown(true), holdMs);
    return () => clearTimeout(timer);
  }, [shown, holdMs]);
  return shown || all;
}
