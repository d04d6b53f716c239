import { matchesPattern, patternSpecificity, type Specificity } from '@/lib/path-patterns';

/**
 * Which pop-up a page shows. Pure: no React, no browser; unit-tested in targeting.test.ts.
 *
 * Pattern language: lib/path-patterns.ts (`/*` every path, a trailing `*` a prefix, else exact).
 *
 * Page markers: a pop-up may name a `pageMarker` instead of (or besides) paths. It then targets every page
 * that declares that marker, whatever its path: the page says which pop-up it carries, so a secret path
 * (the gift page's token) never has to be written into code that ships to the browser.
 *
 * Selection: a pop-up is a candidate when its marker is among the page's markers or one of its include
 * patterns matches, and none of its exclude patterns does (exclude wins, over a marker too).
 * The candidate with the most specific match wins:
 * 1. a marker match beats any path match: the page itself asked for that pop-up;
 * 2. more path segments (the `*` itself does not count: `/products/middle-js/*` has 2, `/*` has 0);
 * 3. tie: an exact pattern beats a prefix pattern (`/products/react` beats `/products/react*`);
 * 4. still tied (two marker matches, or equal patterns): the pop-up listed first wins, so the order of
 *    the config list is the final word.
 */

export interface PageTargeting {
  readonly includePaths: readonly string[];
  readonly excludePaths: readonly string[];
  /** Targets the pages that declare this marker (see `TargetPage.markers`). */
  readonly pageMarker?: string;
}

/** The page a pop-up is chosen for. */
export interface TargetPage {
  path: string;
  /** The pop-up markers the page declares (the host reads them from the page's head). */
  markers: readonly string[];
}

/** How well a pop-up matches a page: a marker match, else its best path pattern. */
type MatchRank = { marker: true } | ({ marker: false } & Specificity);

/** Positive when `a` is more specific than `b`. */
function compareSpecificity(a: Specificity, b: Specificity): number {
  if (a.segments !== b.segments) return a.segments - b.segments;
  return Number(a.exact) - Number(b.exact);
}

/** Positive when `a` ranks above `b`. */
function compareRanks(a: MatchRank, b: MatchRank): number {
  if (a.marker || b.marker) return Number(a.marker) - Number(b.marker);
  return compareSpecificity(a, b);
}

/** How `popup` matches `page`, or null when excluded or unmatched. */
function matchRank(page: TargetPage, popup: PageTargeting): MatchRank | null {
  if (popup.excludePaths.some((pattern) => matchesPattern(page.path, pattern))) return null;
  if (popup.pageMarker !== undefined && page.markers.includes(popup.pageMarker)) return { marker: true };
  let best: Specificity | null = null;
  for (const pattern of popup.includePaths) {
    if (!matchesPattern(page.path, pattern)) continue;
    const specificity = patternSpecificity(pattern);
    if (best === null || compareSpecificity(specificity, best) > 0) best = specificity;
  }
  return best && { marker: false, ...best };
}

/** The pop-up to show on `page`, or null when none targets it. */
export function selectPopup<T extends PageTargeting>(page: TargetPage, popups: readonly T[]): T | null {
  let winner: T | null = null;
  let winnerRank: MatchRank | null = null;
  for (const popup of popups) {
    const rank = matchRank(page, popup);
    if (rank === null) continue;
    // Strictly greater: on a full tie the earlier pop-up keeps its place.
    if (winnerRank === null || compareRanks(rank, winnerRank) > 0) {
      winner = popup;
      winnerRank = rank;
    }
  }
  return winner;
}
