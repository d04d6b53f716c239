/**
 * The path patterns of pop-up targeting, shared by the pop-up host (lib/popups/targeting.ts)
 * and the content check that every pattern reaches a page (content/validation/popups.ts). Pure.
 *
 * Paths and patterns alike ignore a trailing slash, and a query or hash on the path:
 * - `/*` matches every path, the home page included;
 * - a pattern ending in `*` matches by prefix: `/products/middle-js/*` matches `/products/middle-js/b1`
 *   but not `/products/middle-js` itself, and `/products/react*` matches `/products/react-developer`;
 * - any other pattern matches only the same path exactly (case-sensitive; a `*` elsewhere is literal).
 */

/**
 * How a pattern must be written, for the content check and the console alike: from the root, no spaces,
 * query or hash (they never match a page), a `*` only at the end (elsewhere it is literal, never meant).
 */
export const PATH_PATTERN_SHAPE = /^\/[^\s?#*]*\*?$/;

export interface Specificity {
  segments: number;
  exact: boolean;
}

/** `/products/git/` -> `/products/git`; `` -> `/`; drops `?query` and `#hash`. */
export function normalizePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = withoutQuery.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** A pattern without its trailing slash (`/products/git/` -> `/products/git`, `/` stays). */
function trimPattern(pattern: string): string {
  return pattern.replace(/\/+$/, '') || '/';
}

export function matchesPattern(path: string, pattern: string): boolean {
  const target = normalizePath(path);
  const trimmed = trimPattern(pattern);
  if (trimmed.endsWith('*')) {
    // The slash before the star stays in the prefix: `/a/*` is about the children of `/a`, not `/ab`.
    // `/*` leaves the prefix `/`, which every normalised path starts with.
    return target.startsWith(trimmed.slice(0, -1));
  }
  return target === normalizePath(trimmed);
}

export function patternSpecificity(pattern: string): Specificity {
  const trimmed = trimPattern(pattern);
  const exact = !trimmed.endsWith('*');
  const body = exact ? trimmed : trimmed.slice(0, -1);
  const segments = body.split('/').filter((segment) => segment !== '').length;
  return { segments, exact };
}
