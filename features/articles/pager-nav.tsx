/** A page of the reading order as the content describes it (its path and title). */
interface PagerLink {
  path: string;
  title: string;
}

/** "Previous / next" in a reading order (roadmap articles, stages). */
export function PagerNav(props: { label: string; previous?: PagerLink | null; next?: PagerLink | null; previousCaption: string; nextCaption: string }) {
  if (!props.previous && !props.next) return null;
  return (
    <nav aria-label={props.label} className="mt-12 grid gap-4 border-t border-gray-200 pt-8 sm:grid-cols-2">
      {props.previous ? (
        <a href={props.previous.path} className="group rounded-xl border border-gray-200 p-4 hover:border-brand-500">
          <span className="block text-sm text-gray-500">← {props.previousCaption}</span>
          <span className="mt-1 block font-semibold text-ink group-hover:text-brand-700">{props.previous.title}</span>
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
      {props.next && (
        <a href={props.next.path} className="group rounded-xl border border-gray-200 p-4 text-right hover:border-brand-500">
          <span className="block text-sm text-gray-500">{props.nextCaption} →</span>
          <span className="mt-1 block font-semibold text-ink group-hover:text-brand-700">{props.next.title}</span>
        </a>
      )}
    </nav>
  );
}
