/**
 * Who of a page's visitors takes part in its test, pure: browsers and tools that say they are robots
 * (search engines first: they must only ever see the original) and visitors who ask not to be tracked
 * (`Sec-GPC: 1`, `DNT: 1`) get the original page and no cookie; everyone else is assigned a variant.
 */
import { isSelfAnnouncedBot } from '@/lib/experiments/variants';

/**
 * Crawlers whose User-Agent does not say "bot": Google's other fetchers, Yandex's robots and the link
 * previews of messengers and social networks (they show the page to others, so they must see the original).
 */
const otherRobots =
  /googleother|google-inspectiontool|mediapartners-google|adsbot|feedfetcher|google-read-aloud|storebot|yandex(?!browser)|baiduspider|duckduckgo|applebot|petalbot|bytespider|telegram|whatsapp|vkshare|skypeuripreview|slack|discord|preview|embedly|quora link|pinterest|redditbot|ia_archiver|archive\.org|semrush|ahrefs|mj12/i;

/**
 * Every browser a person uses says `Mozilla/5.0 …`; a client that does not (curl, a script's fetch, a
 * monitoring probe) is a tool, and gets the original like a robot.
 */
const browserAgent = /^Mozilla\/\d/;

export function isRobot(userAgent: string | null | undefined): boolean {
  return !browserAgent.test(userAgent ?? '') || isSelfAnnouncedBot(userAgent) || otherRobots.test(userAgent ?? '');
}

/** The visitor's browser asks not to be tracked: Global Privacy Control or Do Not Track. */
export function refusesTracking(headers: { get(name: string): string | null }): boolean {
  return headers.get('sec-gpc')?.trim() === '1' || headers.get('dnt')?.trim() === '1';
}

/** Whether a request may be put into a page test at all. */
export function takesPart(headers: { get(name: string): string | null }): boolean {
  return !isRobot(headers.get('user-agent')) && !refusesTracking(headers);
}
