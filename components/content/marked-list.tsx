import { cn } from '@/components/ui/cn';
import { typography } from '@/lib/typography';

/** A list whose items start with a decorative mark (✓, •) that screen readers skip; items are typographed. */
export function MarkedList({
  items,
  marker = '✓',
  className,
  itemClassName = 'gap-2',
}: {
  items: readonly string[];
  marker?: string;
  className?: string;
  itemClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={cn('flex', itemClassName)}>
          <span aria-hidden="true" className="text-brand-600">
            {marker}
          </span>
          <span>{typography(item)}</span>
        </li>
      ))}
    </ul>
  );
}
