import { formatDay, readingTime } from './format';

/** Author, dates and reading time under an article's title. */
export function EntryMeta(props: { publishedAt: string; updatedAt?: string; readingMinutes: number; author?: string }) {
  return (
    <div className="mt-5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-500">
      {props.author && <p className="w-full font-medium text-gray-700">{props.author}</p>}
      <p>
        <time dateTime={props.publishedAt}>{formatDay(props.publishedAt)}</time>
      </p>
      {props.updatedAt && props.updatedAt !== props.publishedAt && (
        <p>
          обновлено <time dateTime={props.updatedAt}>{formatDay(props.updatedAt)}</time>
        </p>
      )}
      <p>{readingTime(props.readingMinutes)}</p>
    </div>
  );
}
