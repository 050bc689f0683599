import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Icon } from '../icons/Icon';
import { cx } from '../../lib/cx';
import { TOAST_DURATION_MS, ToastContext, type ToastApi, type ToastOptions, type ToastRecord } from './toastContext';
import { KEEP_CLEAR, anchorsOf, slotIn, type ToastSlot } from './placement';
import './toast.css';

/** Holds the single toast slot and renders it in a fixed viewport. */
export function ToastProvider({ children }: { children: ReactNode }): ReactElement {
  const [current, setCurrent] = useState<ToastRecord | null>(null);
  const nextId = useRef(1);
  const lastPressed = useRef<Element | null>(null);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent): void => {
      lastPressed.current = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, []);

  const dismiss = useCallback((id?: number) => {
    setCurrent((shown) => (shown && (id === undefined || shown.id === id) ? null : shown));
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    const anchors = anchorsOf([lastPressed.current, document.activeElement]);
    setCurrent({ ...options, id, anchors });
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toast-viewport" aria-label="Notifications">
        {current ? <ToastView key={current.id} toast={current} onClose={() => dismiss(current.id)} /> : null}
      </section>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onClose }: { toast: ToastRecord; onClose: () => void }): ReactElement {
  const { title, description, action, variant = 'default', duration = TOAST_DURATION_MS } = toast;
  const [paused, setPaused] = useState(false);
  const [{ placement, offset }, setSlot] = useState<ToastSlot>({ placement: 'bottom', offset: 0 });
  const element = useRef<HTMLDivElement>(null);
  const remaining = useRef(duration);
  const startedAt = useRef(0);

  useEffect(() => {
    if (paused) return undefined;
    startedAt.current = Date.now();
    const timer = window.setTimeout(onClose, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [paused, onClose]);

  const place = useCallback(() => {
    const box = element.current?.getBoundingClientRect();
    const viewport = element.current?.parentElement;
    if (!box || !viewport) return;
    // The screen's own edge is toast.css's (top on wide screens, bottom on phones).
    const edge = getComputedStyle(viewport).getPropertyValue('--toast-edge').trim() === 'top' ? 'top' : 'bottom';
    const keepClear = Array.from(document.querySelectorAll(KEEP_CLEAR), (el) => el.getBoundingClientRect());
    const next = slotIn(viewport.getBoundingClientRect(), box, toast.anchors, keepClear, edge);
    setSlot((shown) => (shown.placement === next.placement && shown.offset === next.offset ? shown : next));
  }, [toast.anchors]);

  // Measured before paint, so it never shows over the title or the control that caused it.
  useLayoutEffect(place, [place]);

  // And again, once a frame at most, while it is shown: a scroll (of the page or of any
  // scrolling box, hence the capture), a resize or rotation, or the page changing under it
  // (a save that toasts, then opens the dashboard with its own header) moves the title and
  // the anchors.
  useEffect(() => {
    let frame = 0;
    const schedule = (): void => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        place();
      });
    };
    const options = { passive: true, capture: true } as const;
    document.addEventListener('scroll', schedule, options);
    window.addEventListener('resize', schedule, options);
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    return () => {
      changes.disconnect();
      document.removeEventListener('scroll', schedule, options);
      window.removeEventListener('resize', schedule, options);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [place]);

  const destructive = variant === 'destructive';
  return (
    <div
      ref={element}
      className={cx('toast', `toast-${placement}`, destructive && 'toast-destructive')}
      data-placement={placement}
      style={placement === 'top' ? { marginTop: offset } : undefined}
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Icon name={destructive ? 'alert-circle' : 'check-circle'} className="toast-icon" />
      <div className="toast-body">
        <p className="toast-title">{title}</p>
        {description ? <p className="toast-description">{description}</p> : null}
        {action ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm toast-action"
            onClick={() => {
              action.onClick();
              onClose();
            }}
          >
            {action.label}
          </button>
        ) : null}
      </div>
      <button type="button" className="toast-close" aria-label="Close notification" onClick={onClose}>
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
