import { typography } from '@/lib/typography';

/** The two sizes: under an event's hero, and the smaller one inside a course's first screen. */
const sizes = {
  regular: { tile: 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-100', label: 'text-sm text-gray-500', value: 'mt-1 font-semibold' },
  small: { tile: 'rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-100', label: 'text-xs text-gray-500', value: 'mt-1 text-sm font-semibold' },
} as const;

/** Key facts (dates, format, length…) as white tiles, each a label over its value. */
export function KeyFacts({
  facts,
  className,
  size = 'regular',
}: {
  facts: readonly { label: string; value: string }[];
  className: string;
  size?: keyof typeof sizes;
}) {
  const look = sizes[size];
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <div key={fact.label} className={look.tile}>
          <dt className={look.label}>{fact.label}</dt>
          <dd className={look.value}>{typography(fact.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
