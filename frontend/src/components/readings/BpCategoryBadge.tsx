import type { ReactElement } from 'react';
import { Tooltip } from '../tooltip/Tooltip';
import { BP_CATEGORIES, BP_CATEGORY_NOTE, type BpCategory } from '../../lib/bpCategory';
import './readings.css';

/**
 * A small badge naming a reading's blood pressure category (ACC/AHA). Its tooltip gives the
 * rule and says it is information, not a diagnosis. `floor`: only one number was recorded
 * and the category is this one or higher ('Stage 2 or higher').
 */
export function BpCategoryBadge({ category, floor = false }: { category: BpCategory; floor?: boolean }): ReactElement {
  const info = BP_CATEGORIES.find((c) => c.code === category);
  const label = `${info?.label ?? category}${floor ? ' or higher' : ''}`;
  const why = floor ? ' From one number: the other was not recorded.' : '';
  return (
    <Tooltip content={`${info?.rule ?? label}.${why} For information, not a diagnosis.`}>
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
