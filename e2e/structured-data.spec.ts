import type { APIRequestContext } from '@playwright/test';
import { courses, type Course } from '../content/courses';
import { fileEvent } from '../content/events';
import { giftPromotion } from '../content/gift-promotion';
import { e2eBaseUrl } from './support/env';
import { expect, test } from './support/fixtures';

/**
 * Structured data and link previews of every page in the sitemap, read from the production
 * build's HTML: each JSON-LD block parses, the page has the types of its kind, course offers are the
 * prices the tariff cards show, and every page has an Open Graph image and a large Twitter card.
 */

type Thing = Record<string, unknown> & { '@type'?: string };

const coursesByPath = new Map(courses().map((course) => [course.path, course]));

/** The types a page of each kind carries on top of the school, which every page names. */
function expectedTypes(path: string): string[] {
  if (coursesByPath.has(path)) return ['Course', 'FAQPage', 'BreadcrumbList'];
  if (path === giftPromotion.path) return ['SaleEvent'];
  // An event of the files has its questions; one written in the console (another spec's) may have none.
  if (path.startsWith('/events/')) return fileEvent(path.slice('/events/'.length))?.faq.length ? ['Event', 'FAQPage'] : ['Event'];
  if (/^\/roadmap\/[^/]+\/article\/|^\/(media|personal-stories)\/(?!category\/)[^/]+$/.test(path)) return ['Article', 'BreadcrumbList'];
  if (/^\/(media|personal-stories|roadmap)(\/|$)/.test(path)) return ['BreadcrumbList'];
  return [];
}

function jsonLdBlocks(html: string, path: string): Thing[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match, index) => {
    try {
      return JSON.parse(match[1]!) as Thing;
    } catch (error) {
      throw new Error(`${path}: JSON-LD block ${index + 1} does not parse: ${(error as Error).message}`);
    }
  });
}

function meta(html: string, attribute: 'property' | 'name', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
}

function text(html: string): string {
  const entities: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>', nbsp: '\u00a0' };
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|quot|#x27|#39|lt|gt|nbsp);/g, (_, name: string) => entities[name]!)
    .trim();
}

interface PriceLine {
  name: string;
  price: number;
  monthly: boolean;
}

/** The tariff cards as a visitor reads them: name, price in roubles, and whether it is per month. */
function shownTariffs(html: string): PriceLine[] {
  const section = /<section[^>]*id="tariff-description"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return section
    .split('<article')
    .slice(1)
    .map((card) => {
      const shown = /<(?:span|p) class="text-3xl font-bold">([^<]+)<\/(?:span|p)>/.exec(card)?.[1] ?? '';
      return {
        name: text(/<h3[^>]*>([\s\S]*?)<\/h3>/.exec(card)?.[1] ?? ''),
        price: shown === 'Бесплатно' ? 0 : Number(shown.replace(/\D/g, '')),
        monthly: shown.endsWith('/мес.'),
      };
    });
}

function offeredTariffs(course: Thing): PriceLine[] {
  return (course.offers as Thing[]).map((offer) => {
    expect(offer.priceCurrency).toBe('RUB');
    return { name: offer.name as string, price: offer.price as number, monthly: offer.priceSpecification !== undefined };
  });
}

function checkCoursePage(html: string, things: Thing[], course: Course) {
  const [courseThing] = things.filter((thing) => thing['@type'] === 'Course');
  expect(courseThing?.url, course.path).toBe(`${e2eBaseUrl}${course.path}`);
  const shown = shownTariffs(html);
  expect(shown.length, course.path).toBe(course.tariffs.length);
  expect(offeredTariffs(courseThing!), `${course.path}: offers = prices on the page`).toEqual(shown);
  expect((courseThing!.hasCourseInstance as Thing)?.courseMode, course.path).toBe('Online');
  // Google's course rich result requires courseSchedule or courseWorkload on each instance.
  const instances = [courseThing!.hasCourseInstance].flat() as Thing[];
  for (const instance of instances) {
    const schedule = instance.courseSchedule as Thing | undefined;
    expect(schedule !== undefined || typeof instance.courseWorkload === 'string', `${course.path}: courseSchedule or courseWorkload`).toBe(true);
    if (schedule) {
      expect(schedule.duration, course.path).toMatch(/^P(?:\d+D)?T?(?:\d+H)?(?:\d+M)?$/);
      expect(schedule.repeatFrequency, course.path).toMatch(/^(Daily|Weekly|Monthly|Yearly)$/);
    }
  }

  const faq = things.find((thing) => thing['@type'] === 'FAQPage');
  expect((faq?.mainEntity as Thing[]).length, course.path).toBe(course.faq.length);

  // The trail is the visible crumbs: home, catalogue, section, the course.
  const crumbs = (things.find((thing) => thing['@type'] === 'BreadcrumbList')?.itemListElement ?? []) as Thing[];
  expect(crumbs.at(-1)?.item, course.path).toBe(`${e2eBaseUrl}${course.path}`);
  const nav = /<nav aria-label="Хлебные крошки"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';
  expect(
    [...nav.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((match) => text(match[1]!).replace(/^\//, '').trim()),
    course.path,
  ).toEqual(crumbs.map((crumb) => crumb.name));
  if (course.badge)
    expect(text(/<section aria-labelledby="course-title"[\s\S]*?<h1/.exec(html)?.[0] ?? '').replace(/\u00a0/g, ' '), course.path).toContain(course.badge);
}

async function checkPage(request: APIRequestContext, path: string, images: Set<string>) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();

  const blocks = jsonLdBlocks(html, path);
  for (const block of blocks) expect(block['@context'], path).toBe('https://schema.org');
  const things = blocks.flatMap((block) => (Array.isArray(block['@graph']) ? (block['@graph'] as Thing[]) : [block]));
  const types = things.map((thing) => thing['@type']);
  expect(types, path).toEqual(expect.arrayContaining(['EducationalOrganization', ...expectedTypes(path)]));
  const school = things.find((thing) => thing['@type'] === 'EducationalOrganization');
  expect((school?.contactPoint as Thing)?.telephone, path).toMatch(/^\+7\d{10}$/);
  images.add(school?.logo as string);

  const course = coursesByPath.get(path);
  if (course) checkCoursePage(html, things, course);

  const image = meta(html, 'property', 'og:image');
  // A card of the build, or the cover the marketing team uploaded for an article or event of the console.
  expect(image, `${path}: og:image`).toMatch(new RegExp(`^${e2eBaseUrl}/(images/og/.+\\.png|api/content-images/\\d+)$`));
  expect(meta(html, 'name', 'twitter:card'), path).toBe('summary_large_image');
  expect(meta(html, 'name', 'twitter:image'), path).toBe(image);
  images.add(image!);
}

test('every page of the sitemap has JSON-LD of its kind, course offers at the shown prices, and an Open Graph image', async ({ request }) => {
  test.setTimeout(180_000);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const entries = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => ({
    path: new URL(/<loc>([^<]+)<\/loc>/.exec(match[1]!)![1]!).pathname.replace(/(.)\/$/, '$1'),
    lastModified: /<lastmod>([^<]+)<\/lastmod>/.exec(match[1]!)?.[1],
  }));
  expect(entries.length).toBeGreaterThan(100);
  // Collection pages carry their content's date.
  for (const entry of entries.filter((candidate) => /^\/(media|personal-stories|roadmap)(\/|$)/.test(candidate.path))) {
    expect(entry.lastModified, entry.path).toMatch(/^\d{4}-\d{2}-\d{2}/);
  }
  for (const course of courses()) expect(entries.map((entry) => entry.path)).toContain(course.path);

  // A few requests at a time: fast, and kind to the two cores the server shares.
  const images = new Set<string>();
  const queue = entries.map((entry) => entry.path);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) await checkPage(request, path, images);
    }),
  );

  // Every card and the school's logo are served.
  for (const image of images) {
    const response = await request.get(new URL(image).pathname);
    expect(response.status(), image).toBe(200);
    expect(response.headers()['content-type'], image).toMatch(/^image\/(png|svg\+xml|webp)/);
  }
});
