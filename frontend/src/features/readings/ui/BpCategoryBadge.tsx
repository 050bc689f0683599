import type { ReactElement } from 'react';
import { Tooltip } from '../../../components/tooltip/Tooltip';
import { categoryBadgeText, categoryName, categoryNote, type Category, type GuidelineRules } from '../model/bpCategory';
import './readings.css';

/**
 * A small badge naming a reading's blood pressure category in the person's guideline, short
 * ("Stage 2", "Grade 1", "Stage 2 or higher" when only one number was recorded). Its
 * accessible name and tooltip give the whole name with the guideline ("Grade 1
 * hypertension (ESH 2023)"), the rule, and that it is information, not a diagnosis.
 */
export function BpCategoryBadge({ category }: { category: Category }): ReactElement {
  const why = category.atLeast ? ' From one number: the other was not recorded.' : '';
  return (
    <Tooltip content={`${categoryName(category)}: ${category.rule.rule}.${why} For information, not a diagnosis.`}>
      <span
        className={`bp-badge bp-badge-tone-${category.rule.tone}`}
        data-category={category.rule.code}
        tabIndex={0}
        aria-label={`Blood pressure category: ${categoryName(category)}`}
      >
        {categoryBadgeText(category)}
      </span>
    </Tooltip>
  );
}

/** The key to the badges: the guideline's categories with their rules, and the not-a-diagnosis note. */
export function BpCategoryLegend({ guideline }: { guideline: GuidelineRules }): ReactElement {
  return (
    <details className="bp-legend">
      <summary>About blood pressure categories ({guideline.name})</summary>
      <p className="text-sm text-muted">{categoryNote(guideline)}</p>
      <ul>
        {guideline.categories.map((c) => (
          <li key={c.code}>
            <span className={`bp-badge bp-badge-tone-${c.tone}`}>{c.label}</span>
            <span className="text-sm">{c.rule}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">{guideline.source}</p>
    </details>
  );
}
