import { typography } from '@/lib/typography';

const raised = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-100';

/** Cards of a title and a text (advantages, a programme, a page's points), raised on a muted section by default. */
export function TextCards({
  items,
  ordered = false,
  className,
  cardClassName = raised,
}: {
  items: readonly { title: string; text: string }[];
  ordered?: boolean;
  className: string;
  cardClassName?: string;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {items.map((item) => (
        <li key={item.title} className={cardClassName}>
          <h3 className="text-lg font-bold">{typography(item.title)}</h3>
          <p className="mt-2 text-gray-700">{typography(item.text)}</p>
        </li>
      ))}
    </List>
  );
}

/** Figures with what they count (`10 000+` над «выпускников»): the number large, its label under it. */
export function FactCards({
  items,
  className,
  cardClassName = raised,
}: {
  items: readonly { label: string; value: string }[];
  className: string;
  cardClassName?: string;
}) {
  return (
    <dl className={className}>
      {items.map((item) => (
        <div key={item.label} className={`flex flex-col-reverse justify-end ${cardClassName}`}>
          <dt className="mt-1 text-sm text-gray-600">{typography(item.label)}</dt>
          <dd className="text-3xl font-bold text-brand-700">{typography(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
