import type { ReactNode } from 'react';
import { change } from '../model/format';

export interface Kpi {
  label: string;
  value: ReactNode;
  /** The raw figures, to say how it moved against the range before. */
  current?: number;
  previous?: number | null;
  /** For costs, a rise is bad news: said in words, not colour alone. */
  lowerIsBetter?: boolean;
  hint?: string;
}

/** Headline figures, each with how it moved against the range before, in words. */
export function KpiGrid({ items, label }: { items: readonly Kpi[]; label: string }) {
  return (
    <dl className="cw-rep-kpis" aria-label={label}>
      {items.map((item) => {
        const moved = item.current === undefined ? null : change(item.current, item.previous);
        return (
          <div key={item.label} className="cw-rep-kpi" data-kpi={item.label}>
            <dt className="cw-rep-kpi__label">{item.label}</dt>
            <dd className="cw-rep-kpi__value">{item.value}</dd>
            {moved !== null && (
              <dd className="cw-rep-kpi__change">
                {moved} <span className="cw-rep-kpi__vs">vs the days before</span>
              </dd>
            )}
            {item.hint && <dd className="cw-rep-kpi__hint">{item.hint}</dd>}
          </div>
        );
      })}
    </dl>
  );
}
