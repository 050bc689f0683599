import { useState, useSyncExternalStore } from 'react';

/*
 * A field's error appears when the field loses focus, and pressing a button takes focus
 * away: the message then shows between the press and the release, the layout moves (the
 * submit button ~25 px down) and the release lands beside the button, so the click is lost.
 * While a pointer is pressed anywhere, errors therefore keep what they showed at the press;
 * the change shows right after the click (the submit then shows every message anyway).
 */

let pressed = false;
const listeners = new Set<() => void>();
let installed = false;

function notify(): void {
  for (const listener of listeners) listener();
}

function install(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener(
    'pointerdown',
    () => {
      pressed = true;
      notify();
    },
    true,
  );
  const release = (): void => {
    if (!pressed) return;
    // The click is dispatched right after pointerup, in the same task: let it go first.
    window.setTimeout(() => {
      pressed = false;
      notify();
    }, 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
  window.addEventListener('blur', release);
}

function subscribe(listener: () => void): () => void {
  install();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isPressed = (): boolean => pressed;
const notPressed = (): boolean => false;

/** Whether a pointer is pressed (field errors are held meanwhile). */
export function usePointerHeld(): boolean {
  return useSyncExternalStore(subscribe, isPressed, notPressed);
}

/**
 * The error to show for a field: `error`, except that while a pointer is pressed it stays
 * what it was at the press (see above). Every field component of the app shows its error
 * through this (TextField, CheckboxField, FieldError).
 */
export function useSteadyError(error: string | undefined): string | undefined {
  const held = usePointerHeld();
  const [shown, setShown] = useState(error);
  if (!held && shown !== error) setShown(error);
  return held ? shown : error;
}
