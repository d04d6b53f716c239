/**
 * What the marketing team saved in the console and is in effect now (prices, articles, events), as every
 * part of one instance sees it: the routes' content accessors (content/courses.ts, content/collections.ts,
 * content/events.ts) lay it over the files of `content/`, which stay the site's initial content. The
 * instance fills it from the shared database (server/live-content/); during `next build`, in a CLI and in
 * a unit test nothing fills it, so every accessor gives the files' content as it is.
 *
 * Next.js bundles the proxy apart from the routes but runs both in the server's own process, so the state
 * lives on globalThis (like server/page-tests/live.ts). This module imports nothing: the content modules,
 * which the browser's bundles may import for their types, stay free of the server.
 */

/** One tariff's figures as the console saved them; a tariff is found by its place in the course's list. */
export interface LiveTariffPrice {
  price: number;
  oldPrice?: number;
  months?: number;
}

/** A media article written in the console: what a Markdown file of `content/media/` holds. */
export interface LiveArticle {
  /** The article's address segment: /media/{category}/{id}. */
  id: string;
  /** The Markdown file's front matter, checked by the same schema as a file's. */
  frontMatter: Record<string, unknown>;
  /** The body in Markdown. */
  body: string;
}

/** An event written in the console: an entry of content/events.ts, checked by `eventSchema`. */
export interface LiveEvent {
  slug: string;
  entry: Record<string, unknown>;
}

export interface LiveContent {
  /** Changes with every console change in effect; '' while nothing from the console is (the build's content). */
  generation: string;
  /** By course slug: every tariff's figures, in the course's order of tariffs. */
  prices: Record<string, LiveTariffPrice[]>;
  /** Console articles: a new one, or one with a file's id, which it replaces. */
  articles: LiveArticle[];
  /** Console events: a new one, or one with a file's slug, which it replaces. */
  events: LiveEvent[];
}

const empty: LiveContent = { generation: '', prices: {}, articles: [], events: [] };

const stateKey = Symbol.for('school-site.live-content');
const holder: { content: LiveContent } = ((globalThis as Record<symbol, { content: LiveContent } | undefined>)[stateKey] ??= {
  content: empty,
});

export function liveContent(): LiveContent {
  return holder.content;
}

/** Called by the instance (server/live-content/) whenever what is in effect changes, and by tests. */
export function setLiveContent(content: LiveContent): void {
  holder.content = content;
}

/** Back to the files' content alone (tests). */
export function clearLiveContent(): void {
  holder.content = empty;
}
