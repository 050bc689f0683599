import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import { cx } from '../../lib/cx';
import './tooltip.css';

/** Tooltips open after this many milliseconds of hover or focus. */
export const TOOLTIP_DELAY_MS = 700;

export interface TooltipProps {
  content: string;
  /** One focusable element (button, link). It gets `aria-describedby` while open. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  side?: 'top' | 'bottom';
  delay?: number;
}

/** A small text label that appears after a delay on hover or keyboard focus; Escape hides it. */
export function Tooltip({ content, children, side = 'top', delay = TOOLTIP_DELAY_MS }: TooltipProps): ReactElement {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const clear = useCallback(() => {
    if (timer.current !== undefined) {
      window.clearTimeout(timer.current);
      timer.current = undefined;
    }
  }, []);

  const show = useCallback(() => {
    clear();
    timer.current = window.setTimeout(() => setOpen(true), delay);
  }, [clear, delay]);

  const hide = useCallback(() => {
    clear();
    setOpen(false);
  }, [clear]);

  useEffect(() => clear, [clear]);

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>): void => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      hide();
    }
  };

  const describedBy = cx(children.props['aria-describedby'], open && id) || undefined;

  return (
    <span
      className="tooltip-anchor"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={onKeyDown}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      {open ? (
        <span role="tooltip" id={id} className={cx('tooltip', `tooltip-${side}`)}>
          {content}
        </span>
      ) : null}
    </span>
  );
}
