import { courses } from '@/content/courses';
import type { PopupCheckSite } from '@/lib/popups/edit-check';
import { sitePages } from '../site-pages';

/**
 * The site as the console's pop-up check sees it: every page a visitor can open (server/site-pages.ts,
 * read once a day), and the courses whose tariffs price references name.
 */
export async function popupCheckSite(): Promise<PopupCheckSite & { paths: string[] }> {
  return { paths: (await sitePages()).paths, courses: courses() };
}
