import { useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react';

/**
 * A step's heading, focused when the step appears: the control that led to it is gone, so
 * the keyboard and screen readers continue from here.
 */
export function StepHeading({ id, children }: { id: string; children: ReactNode }): ReactElement {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h4 className="import-panel-title" id={id} ref={ref} tabIndex={-1}>
      {children}
    </h4>
  );
}
