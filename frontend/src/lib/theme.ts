import { useSyncExternalStore } from 'react';

/**
 * The one home of the colour theme: the choice (System, Light or Dark), where it is kept, and
 * putting it on the page. The palettes themselves are tokens.css's.
 *
 * The choice lives in this browser's localStorage, not in the account's preferences: it must
 * apply before anyone signs in (the sign-in and sign-up pages, a shared record opened from a
 * link) and before the first paint, when no answer from the server is there yet. It says
 * nothing about the user's health, and it is not cleared at sign-out (it belongs to the device).
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'vitalog.theme';

export const THEME_CHOICES: ReadonlyArray<{ value: ThemeChoice; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** The stored choice; System when there is none, it is unreadable or storage is unavailable. */
export function readThemeChoice(storage: Storage | undefined = globalThis.localStorage): ThemeChoice {
  try {
    const value = storage?.getItem(THEME_KEY);
    return isChoice(value) ? value : 'system';
  } catch {
    return 'system';
  }
}

function systemIsDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** The theme a choice gives on this device now. */
export function resolveTheme(choice: ThemeChoice): Theme {
  if (choice !== 'system') return choice;
  return systemIsDark() ? 'dark' : 'light';
}

/**
 * Puts a choice on the document: `data-theme` on <html> for Light or Dark (none for System:
 * tokens.css follows `prefers-color-scheme` then), and the browser's own colour scheme and
 * toolbar colour to match (index.html's metas, kept for the first paint, follow the system).
 */
export function applyTheme(choice: ThemeChoice, doc: Document = document): void {
  const root = doc.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
  const scheme = doc.querySelector<HTMLMetaElement>('meta[name="color-scheme"]');
  if (scheme) scheme.content = choice === 'system' ? 'light dark' : choice;
  // Each theme-color meta names its scheme in its media query: a choice makes its own
  // apply everywhere and the other nowhere.
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const own = meta.dataset.scheme ?? ((meta.getAttribute('media') ?? '').includes('dark') ? 'dark' : 'light');
    meta.dataset.scheme = own;
    meta.setAttribute('media', choice === 'system' ? `(prefers-color-scheme: ${own})` : choice === own ? 'all' : 'not all');
  }
}

const listeners = new Set<() => void>();
let current: ThemeChoice | null = null;
/** True between beforeprint and afterprint: paper is always light. */
let printing = false;

function notify(): void {
  for (const listener of listeners) listener();
}

/** The choice in force on this page (read once from storage, then kept in step). */
export function getThemeChoice(): ThemeChoice {
  current ??= readThemeChoice();
  return current;
}

/** Remembers a choice on this device and applies it at once. */
export function setThemeChoice(choice: ThemeChoice, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (choice === 'system') storage?.removeItem(THEME_KEY);
    else storage?.setItem(THEME_KEY, choice);
  } catch {
    // Storage unavailable: the choice lasts as long as the page.
  }
  current = choice;
  applyTheme(choice);
  notify();
}

/**
 * Applies the stored choice and keeps the page in step with it: another tab changing it, or
 * the system's scheme changing under System. Called once by main.tsx, before React renders,
 * so the first paint already has the right colours (the CSP forbids an inline script in
 * index.html; until this runs, tokens.css follows the system).
 */
export function initTheme(): void {
  applyTheme(getThemeChoice());
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    current = readThemeChoice();
    applyTheme(current);
    notify();
  });
  if (typeof window.matchMedia === 'function') window.matchMedia(DARK_QUERY).addEventListener('change', notify);
  // A printout (the shared record for a clinician) is light whatever the screen shows: the
  // page turns light before the browser lays it out for paper, charts redraw with it.
  window.addEventListener('beforeprint', () => {
    printing = true;
    applyTheme('light');
    notify();
  });
  window.addEventListener('afterprint', () => {
    printing = false;
    applyTheme(getThemeChoice());
    notify();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice, re-rendering when it changes (Preferences' Appearance). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getThemeChoice, () => 'system');
}

/** The theme in force, re-rendering when it changes (charts redraw in its colours). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => (printing ? 'light' : resolveTheme(getThemeChoice())), () => 'light');
}
