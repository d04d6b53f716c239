/**
 * A card of a list: the title is the link, stretched over the whole card so that all of it is
 * clickable while the link keeps a short accessible name.
 */
export function EntryCard(props: {
  href: string;
  title: string;
  description: string;
  eyebrow?: string;
  meta?: string;
  headingLevel?: 2 | 3;
  children?: React.ReactNode;
}) {
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  return (
    <article className="relative flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-6 transition hover:border-brand-500 hover:shadow-md focus-within:border-brand-500">
      {props.eyebrow && <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{props.eyebrow}</p>}
      <Heading className={`${props.eyebrow ? 'mt-2 ' : ''}text-lg font-semibold leading-snug text-ink`}>
        <a href={props.href} className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700">
          {props.title}
        </a>
      </Heading>
      <p className="mt-2 flex-1 text-gray-600">{props.description}</p>
      {props.children}
      {props.meta && <p className="mt-4 text-sm text-gray-500">{props.meta}</p>}
    </article>
  );
}
