import { useEffect, useId, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../feedback/Spinner';
import './dialog.css';

export interface DialogProps {
  /** The dialog's accessible name. */
  title: string;
  /** What confirming does; becomes the dialog's accessible description. */
  description: ReactNode;
  /** Extra content between the description and the buttons (e.g. a password field). */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while `busy`. */
  pendingLabel: string;
  /** While true the buttons are disabled and Escape/backdrop do not cancel. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * When set, the children and buttons sit in a form with this accessible name and the
   * confirm button submits it (Enter in a field confirms).
   */
  formLabel?: string;
  /** The id of the element focused on open; Cancel by default. */
  initialFocusId?: string;
  /** `primary` for a confirmation that destroys nothing (e.g. skipping a dose); `danger` by default. */
  confirmVariant?: 'danger' | 'primary';
}

function isDisabled(element: HTMLElement): boolean {
  return element.matches(':disabled');
}

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href]';

/** The dialog's focusable elements in document order (some engines group a selector list's matches). */
function tabbables(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
}

/**
 * A modal confirmation (role alertdialog, rendered into document.body): focus starts on
 * Cancel (or `initialFocusId`), Tab stays inside, Escape or the backdrop cancels unless
 * busy, and focus returns to what opened it. Render it only while it is open.
 *
 * While busy the buttons are disabled, and a browser drops focus from a control that gets
 * disabled: the dialog then holds focus itself (it is focusable by script), and when busy
 * ends (e.g. a failed delete) focus goes back to where it was, or to Cancel. Escape is
 * heard on the document, so it closes the dialog wherever focus happens to be.
 */
export function Dialog({
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  busy,
  onConfirm,
  onCancel,
  formLabel,
  initialFocusId,
  confirmVariant = 'danger',
}: DialogProps): ReactElement {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const initial = initialFocusId ? document.getElementById(initialFocusId) : null;
    (initial ?? cancelRef.current)?.focus();
    return () => {
      if (opener && opener.isConnected) opener.focus();
    };
    // Focus moves once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keeps focus inside while the buttons are disabled, and puts it back when they are not.
  const focusBeforeBusy = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const active = document.activeElement;
    if (busy) {
      if (active instanceof HTMLElement && dialog.contains(active) && active !== dialog) {
        focusBeforeBusy.current = active;
      }
      if (!(active instanceof HTMLElement) || !dialog.contains(active) || isDisabled(active)) dialog.focus();
      return;
    }
    const before = focusBeforeBusy.current;
    focusBeforeBusy.current = null;
    if (active instanceof HTMLElement && active !== dialog && dialog.contains(active) && !isDisabled(active)) return;
    if (before && before.isConnected && dialog.contains(before) && !isDisabled(before)) before.focus();
    else cancelRef.current?.focus();
  }, [busy]);

  // Escape cancels wherever focus is (the dialog is modal).
  useEffect(() => {
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      if (!busy) onCancel();
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, [busy, onCancel]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'Tab') return;
    const focusable = tabbables(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const actions = (
    <div className="dialog-actions">
      <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button
        type={formLabel ? 'submit' : 'button'}
        className={confirmVariant === 'primary' ? 'btn btn-primary' : 'btn btn-danger'}
        onClick={formLabel ? undefined : onConfirm}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? <Spinner size="sm" /> : null}
        {busy ? pendingLabel : confirmLabel}
      </button>
    </div>
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onConfirm();
  };

  return createPortal(
    <div className="dialog-backdrop" onMouseDown={() => (busy ? undefined : onCancel())}>
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="dialog card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div id={bodyId} className="dialog-body">
          {description}
        </div>
        {formLabel ? (
          <form className="form dialog-form" noValidate onSubmit={onSubmit} aria-label={formLabel}>
            {children}
            {actions}
          </form>
        ) : (
          <>
            {children}
            {actions}
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
