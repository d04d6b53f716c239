import { type Collections, loadCollections, pathsOf, type ScheduledFile } from '@/content/collections/load';
import { courses } from '@/content/courses';
import { giftOfferInputs } from '@/content/gift-offers';
import '@/content/lead-forms';
import { popups } from '@/content/popups';
import { allPagePaths } from '@/content/site-paths';
import { giftOfferProblems } from './gift-offers';
import { popupProblems } from './popups';
import { ContentError, type ContentProblem } from './problems';

/**
 * The whole content check: what `next build` runs before it compiles anything (next.config.ts, through
 * scripts/check-content.ts), and `npm run check` on its own. Importing the content modules validates
 * courses, variants, events, pages and the form registry (they throw a ContentError on load); this adds
 * the Markdown collections, the pop-ups and the gift offers, which ship to the browser without checks.
 */
export interface ContentCheck {
  problems: ContentProblem[];
  /** Valid articles and stories dated after `today`, which this build leaves out. */
  scheduled: ScheduledFile[];
}

export function checkContent({ root, today }: { root: string; today: string }): ContentCheck {
  const problems: ContentProblem[] = [];
  let collections: Collections | undefined;
  try {
    collections = loadCollections(root, { today });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    problems.push(...error.problems);
  }
  // A broken Markdown file drops its page; pop-up paths are resolved once every page is known.
  if (collections) {
    const markers = courses.flatMap((course) => course.variants.flatMap((variant) => (variant.popupMarker ? [variant.popupMarker] : [])));
    problems.push(...popupProblems(popups, { paths: allPagePaths(pathsOf(collections)), markers }));
  }
  problems.push(...giftOfferProblems(giftOfferInputs, courses));
  return { problems, scheduled: collections?.scheduled ?? [] };
}
