import { useId, type ReactElement } from 'react';
import { Icon } from '../icons/Icon';
import { cx } from '../../lib/cx';
import { SEVERE_GUIDANCE } from '../../lib/readingRules';
import './readings.css';

export interface SevereGuidanceProps {
  className?: string;
  /**
   * `alert` (the default) is announced at once: for numbers just typed. `note` for a saved
   * reading shown on a page, which should not interrupt a screen reader on arrival.
   */
  role?: 'alert' | 'note';
}

/**
 * What to do about a very high reading (above 180/120; `isSevere` in lib/bpCategory), in
 * the American Heart Association's terms from rules.json. Information only: it never blocks
 * saving.
 */
export function SevereGuidance({ className, role = 'alert' }: SevereGuidanceProps): ReactElement {
  const titleId = useId();
  return (
    <div className={cx('severe-guidance', className)} role={role} aria-labelledby={titleId}>
      <Icon name="alert-circle" className="severe-guidance-icon" size={24} />
      <div className="severe-guidance-body">
        <p className="severe-guidance-title" id={titleId}>
          {SEVERE_GUIDANCE.title}
        </p>
        <ol className="severe-guidance-steps">
          {SEVERE_GUIDANCE.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="severe-guidance-source">{SEVERE_GUIDANCE.source}</p>
      </div>
    </div>
  );
}
