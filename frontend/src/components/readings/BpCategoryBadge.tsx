import type { ReactElement } from 'react';
import { Tooltip } from '../tooltip/Tooltip';
import { BP_CATEGORIES, BP_CATEGORY_NOTE, type BpCategory } from '../../lib/bpCategory';
import './readings.css';

/**
 * A small badge naming a reading's blood pressure category (2017 ACC/AHA). Its tooltip
 * gives the rule and says it is information, not a diagnosis.
 */
export function BpCategoryBadge({ category }: { category: BpCategory }): ReactElement {
  const info = BP_CATEGORIES.find((c) => c.code === category);
  const label = info?.label ?? category;
  return (
    <Tooltip content={`${info?.rule ?? label}. For information, not a diagnosis.`}>
      <span className={`bp-badge bp-badge-${category}`} tabIndex={0} aria-label={`Blood pressure category: ${label}`}>
        {label}
      </span>
    </Tooltip>
  );
}

/** The key to the badges: each category's rule, and the not-a-diagnosis note. */
export function BpCategoryLegend(): ReactElement {
  return (
    <details className="bp-legend">
      <summary>About blood pressure categories</summary>
      <p className="text-sm text-muted">{BP_CATEGORY_NOTE}</p>
      <ul>
        {BP_CATEGORIES.map((c) => (
          <li key={c.code}>
            <span className={`bp-badge bp-badge-${c.code}`}>{c.label}</span>
            <span className="text-sm">{c.rule}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
