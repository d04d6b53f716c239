import path from 'node:path';
import { collectionPageNames, type CollectionPageNames } from '@/content/names';
import { allPagePaths } from '@/content/site-paths';
import { moscowToday } from '@/lib/calendar';
import { consoleLogger, errorKind } from './log';

/**
 * The site's pages as the console sees them: every page a visitor can open (the build's list:
 * content/site-paths.ts with the Markdown collections) and the names of the collections' pages (articles by
 * title; content/names.ts words them). Read once a day per process: a scheduled article becomes a page on its day.
 */
export interface SitePages {
  paths: string[];
  /** Path → name of the articles, stories, roadmaps and their categories; for `pageName` and its kin. */
  collectionNames: CollectionPageNames;
}

let cached: { day: string; pages: Promise<SitePages> } | undefined;

export function sitePages(): Promise<SitePages> {
  const day = moscowToday();
  if (cached?.day !== day) cached = { day, pages: readSitePages(day) };
  return cached.pages;
}

async function readSitePages(day: string): Promise<SitePages> {
  try {
    // Imported when first asked: the Markdown renderer is server-only, and most of the server never needs it.
    const { loadCollections, pathsOf, titledPagesOf } = await import('@/content/collections/load');
    const collections = loadCollections(path.join(process.cwd(), 'content'), { today: day });
    return { paths: allPagePaths(pathsOf(collections)), collectionNames: collectionPageNames(titledPagesOf(collections)) };
  } catch (error) {
    // A server without the Markdown files (a bare standalone copy): courses, events and pages still count.
    consoleLogger.warn('site_pages.collections_unreadable', { error: errorKind(error) });
    return { paths: allPagePaths([]), collectionNames: new Map() };
  }
}
