import type { ReactNode } from 'react';

/** A label (text, or a link to the list behind the figure) and its value. */
export type FactListItem = readonly [label: ReactNode, value: ReactNode];

/** A short list of labelled figures (the overview's panels): label left, value right-aligned. */
export function FactList({ items }: { items: readonly FactListItem[] }) {
  return (
    <dl className="grid max-w-md grid-cols-[1fr_max-content] gap-x-6 gap-y-1 text-sm">
      {items.map(([label, value], index) => (
        <div key={index} className="contents">
          <dt>{label}</dt>
          <dd className="text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
