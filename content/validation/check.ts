import type { Collections, ScheduledFile } from '@/content/collections/load';
import type { Course } from '@/content/courses';
import { giftOfferInputs } from '@/content/gift-offers';
import { popups } from '@/content/popups';
import { giftOfferProblems } from './gift-offers';
import { popupProblems } from './popups';
import { ContentError, type ContentProblem } from './problems';

/**
 * The whole content check: what `next build` runs before it compiles anything (next.config.ts, through
 * scripts/check-content.ts), and `npm run check` on its own. Loading the content modules validates
 * courses, variants, events, pages and the form registry (each throws a ContentError while it loads);
 * this adds the Markdown collections, the pop-ups and the gift offers, which ship to the browser without
 * checks. What can be checked is checked, so one run lists every problem it can see.
 */
export interface ContentCheck {
  problems: ContentProblem[];
  /** Valid articles, stories and events dated after `today`, which this build leaves out. */
  scheduled: ScheduledFile[];
}

export async function checkContent({ root, today }: { root: string; today: string }): Promise<ContentCheck> {
  const problems: ContentProblem[] = [];
  const reported = <T>(load: () => Promise<T>) =>
    load().catch((error: unknown) => {
      if (!(error instanceof ContentError)) throw error;
      problems.push(...error.problems);
      return undefined;
    });

  const site = await reported(async () => {
    const [{ courses }, { allPagePaths }, { loadCollections, pathsOf }, { scheduledEvents }] = await Promise.all([
      import('@/content/courses'),
      import('@/content/site-paths'),
      import('@/content/collections/load'),
      import('@/content/events'),
      import('@/content/lead-forms'),
    ]);
    return { courses: courses(), allPagePaths, loadCollections, pathsOf, scheduledEvents };
  });
  const collections: Collections | undefined = site && (await reported(async () => site.loadCollections(root, { today })));

  // Paths and tariffs are resolved only against content that loaded: a broken course or article would
  // make every reference to it look broken too.
  const courses: readonly Course[] | undefined = site?.courses;
  const pages = site &&
    collections && {
      courses: site.courses,
      paths: site.allPagePaths(site.pathsOf(collections), today),
      markers: site.courses.flatMap((course) => course.variants.flatMap((variant) => (variant.popupMarker ? [variant.popupMarker] : []))),
    };
  problems.push(...popupProblems(popups, pages), ...giftOfferProblems(giftOfferInputs, courses));
  const events: ScheduledFile[] = (site?.scheduledEvents(today) ?? []).map((event) => ({
    file: 'content/events.ts',
    path: `/events/${event.slug}`,
    title: event.title,
    publishedAt: event.publishedAt!,
  }));
  return { problems, scheduled: [...(collections?.scheduled ?? []), ...events] };
}
