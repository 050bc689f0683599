import { useId, type ReactElement } from 'react';
import { Icon } from '../../../components/icons/Icon';
import { cx } from '../../../lib/cx';
import { useGuideline, type GuidelineRules } from '../model/bpCategory';
import { SEVERE_STEPS } from '../../../lib/readingRules';
import './readings.css';

export interface SevereGuidanceProps {
  className?: string;
  /**
   * `alert` (the default) is announced at once: for numbers just typed. `note` for a saved
   * reading shown on a page, which should not interrupt a screen reader on arrival.
   */
  role?: 'alert' | 'note';
  /** Whose rule and title: the person's guideline unless given. */
  guideline?: GuidelineRules;
}

/**
 * What to do about a very high reading (the guideline's severe rule; `isSevere` in
 * model/bpCategory): its title and source, and the American Heart Association's steps,
 * from rules.json. Information only: it never blocks saving.
 */
export function SevereGuidance({ className, role = 'alert', guideline }: SevereGuidanceProps): ReactElement {
  const titleId = useId();
  const mine = useGuideline();
  const { severe } = guideline ?? mine;
  return (
    <div className={cx('severe-guidance', className)} role={role} aria-labelledby={titleId}>
      <Icon name="alert-circle" className="severe-guidance-icon" size={24} />
      <div className="severe-guidance-body">
        <p className="severe-guidance-title" id={titleId}>
          {severe.title}
        </p>
        <ol className="severe-guidance-steps">
          {SEVERE_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="severe-guidance-source">{severe.source}</p>
      </div>
    </div>
  );
}
