/**
 * Which pop-up a page shows (spec 2.3). Pure: no React, no browser; unit-tested in targeting.test.ts.
 *
 * Pattern language (paths and patterns alike ignore a trailing slash, and a query or hash on the path):
 * - `/*` matches every path, the home page included;
 * - a pattern ending in `*` matches by prefix: `/products/middle-js/*` matches `/products/middle-js/b1`
 *   but not `/products/middle-js` itself, and `/products/react*` matches `/products/react-developer`;
 * - any other pattern matches only the same path exactly (case-sensitive; a `*` elsewhere is literal).
 *
 * Selection: a pop-up is a candidate when one of its include patterns matches and none of its exclude
 * patterns does (exclude wins). The candidate whose matching pattern is the most specific wins:
 * 1. more path segments (the `*` itself does not count: `/products/middle-js/*` has 2, `/*` has 0);
 * 2. tie: an exact pattern beats a prefix pattern (`/products/react` beats `/products/react*`);
 * 3. still tied: the pop-up listed first wins, so the order of the config list is the final word.
 */

export interface PathTargeting {
  readonly includePaths: readonly string[];
  readonly excludePaths: readonly string[];
}

interface Specificity {
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

/** Positive when `a` is more specific than `b`. */
function compareSpecificity(a: Specificity, b: Specificity): number {
  if (a.segments !== b.segments) return a.segments - b.segments;
  return Number(a.exact) - Number(b.exact);
}

/** The most specific include pattern of `popup` that matches `path`, or null when excluded or unmatched. */
export function matchingSpecificity(path: string, popup: PathTargeting): Specificity | null {
  if (popup.excludePaths.some((pattern) => matchesPattern(path, pattern))) return null;
  let best: Specificity | null = null;
  for (const pattern of popup.includePaths) {
    if (!matchesPattern(path, pattern)) continue;
    const specificity = patternSpecificity(pattern);
    if (best === null || compareSpecificity(specificity, best) > 0) best = specificity;
  }
  return best;
}

/** The pop-up to show on `path`, or null when none targets it. */
export function selectPopup<T extends PathTargeting>(path: string, popups: readonly T[]): T | null {
  let winner: T | null = null;
  let winnerSpecificity: Specificity | null = null;
  for (const popup of popups) {
    const specificity = matchingSpecificity(path, popup);
    if (specificity === null) continue;
    // Strictly greater: on a full tie the earlier pop-up keeps its place.
    if (winnerSpecificity === null || compareSpecificity(specificity, winnerSpecificity) > 0) {
      winner = popup;
      winnerSpecificity = specificity;
    }
  }
  return winner;
}
