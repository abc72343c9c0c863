import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useRef } from 'react';

export type TabItem<T extends string> = { id: T; label: ReactNode; count?: number | null };

type TabsProps<T extends string> = {
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** The panel of the selected tab. */
  children: ReactNode;
};

/**
 * Tabs over one panel (the WAI-ARIA tabs pattern): the arrow keys, Home and End move between tabs and
 * select them, and only the selected tab is in the Tab order.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const next = tabs[target]!;
    onSelect(next.id);
    listRef.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(next.id))}`)?.focus();
  };

  return (
    <div className="cw-admin-tabs">
      <div ref={listRef} role="tablist" aria-label={label} className="cw-admin-tabs__list">
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              className={`cw-admin-tabs__tab${active ? ' is-active' : ''}`}
              onClick={() => onSelect(tab.id)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
              {tab.count !== undefined && tab.count !== null && (
                <span className="cw-admin-tabs__count">{tab.count}</span>
              )}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} className="cw-admin-tabs__panel">
        {children}
      </div>
    </div>
  );
}
