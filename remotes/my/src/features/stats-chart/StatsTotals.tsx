/** The totals of a statistics page as cards: a label, the figure and an optional line under it. */
import type { ReactNode } from 'react';

export interface StatsTotal {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  tone?: 'blue' | 'red' | 'green';
}

export function StatsTotals({ items }: { items: StatsTotal[] }) {
  return (
    <dl className="stats-totals">
      {items.map((item) => (
        <div key={item.label} className={`stats-totals__card${item.tone ? ` stats-totals__card--${item.tone}` : ''}`}>
          <dt className="stats-totals__label">{item.label}</dt>
          <dd className="stats-totals__value">{item.value}</dd>
          {item.note ? <dd className="stats-totals__note">{item.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
