/**
 * A course page's view, counted for the autopilot (server/autopilot): which course pages most visitors
 * read and leave no lead on. Course pages are pre-rendered and served from the cache, so the server does
 * not see their views; the page says it is a course page in a `<meta>` its lazy analytics read, and they
 * send one beacon a view. Pure: what the page and the endpoint agree on.
 */

/** The `<meta name>` a course page carries (features/course-page), its content the page's own path. */
export const COUNTED_PAGE_META_NAME = 'counted-page';

/** A view beacon's body: `{ "path": "/products/junior-js" }`, the bare path (no query, no fragment). */
export interface PageViewReport {
  path: string;
}

/** At most this long a body; a path of 200 characters fits many times over. */
export const MAX_PAGE_VIEW_BYTES = 512;

/** The report in a beacon's body, or null when it is not one (wrong shape, a path with a query or too long). */
export function parsePageView(body: unknown): PageViewReport | null {
  const path = (body as { path?: unknown } | null)?.path;
  if (typeof path !== 'string' || !/^\/[\w\-./~%]{0,199}$/.test(path)) return null;
  return { path };
}
