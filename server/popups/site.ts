import path from 'node:path';
import { loadCollections, pathsOf } from '@/content/collections/load';
import { courses } from '@/content/courses';
import { allPagePaths } from '@/content/site-paths';
import { moscowToday } from '@/lib/calendar';
import type { PopupCheckSite } from '@/lib/popups/edit-check';
import { consoleLogger, errorKind } from '../log';

/**
 * The site as the console's pop-up check sees it: every page a visitor can open (the build's list:
 * content/site-paths.ts with the Markdown collections), and the courses whose tariffs price references name.
 * Read once a day per process (a scheduled article becomes a page on its day).
 */
let cached: { day: string; paths: string[] } | undefined;

export function popupCheckSite(): PopupCheckSite & { paths: string[] } {
  const day = moscowToday();
  if (cached?.day !== day) {
    let collectionPaths: string[] = [];
    try {
      collectionPaths = pathsOf(loadCollections(path.join(process.cwd(), 'content'), { today: day }));
    } catch (error) {
      // A server without the Markdown files (a bare standalone copy): courses, events and pages still count.
      consoleLogger.warn('popups.collections_unreadable', { error: errorKind(error) });
    }
    cached = { day, paths: allPagePaths(collectionPaths) };
  }
  return { paths: cached.paths, courses };
}
