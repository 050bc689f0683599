import { useId, useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

export interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  items: ReadonlyArray<TabItem<K>>;
  selected: K;
  onSelect: (key: K) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right arrows move and select,
 * Home/End jump to the first/last tab; only the selected tab is in the tab order.
 */
export function Tabs<K extends string>({ label, items, selected, onSelect, className }: TabsProps<K>): ReactElement {
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (key: K): string => `${baseId}-tab-${key}`;
  const panelId = (key: K): string => `${baseId}-panel-${key}`;

  const focusIndex = (index: number): void => {
    const count = items.length;
    const next = ((index % count) + count) % count;
    const item = items[next];
    if (!item) return;
    onSelect(item.key);
    tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        event.preventDefault();
        focusIndex(index + 1);
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        event.preventDefault();
        focusIndex(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusIndex(0);
        break;
      case 'End':
        event.preventDefault();
        focusIndex(items.length - 1);
        break;
      default:
        break;
    }
  };

  return (
    <div className={cx('tabs', className)}>
      <div role="tablist" aria-label={label} className="tabs-list">
        {items.map((item, index) => {
          const isSelected = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={isSelected}
              aria-controls={panelId(item.key)}
              tabIndex={isSelected ? 0 : -1}
              className={cx('tabs-tab', isSelected && 'tabs-tab-selected')}
              onClick={() => onSelect(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.key === selected ? (
          <div
            key={item.key}
            role="tabpanel"
            id={panelId(item.key)}
            aria-labelledby={tabId(item.key)}
            className="tabs-panel"
          >
            {item.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
