/** Articles and events of the console published for a later moment, as every instance serves them (tests/system/support/live-content-suite.ts). */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { DatabaseConfig } from '@/server/config';
import { openDatabase } from '@/server/db/connection';
import { createRepositories, type Repositories } from '@/server/repositories';
import { encodeCover } from '@/server/content-images/encode';
import { waitFor, type NextServer } from '@/tests/support/next-server';

const operator = 'anna@school-system.ru';
const articleFields = (title: string) => ({
  title,
  lead: 'Что делать каждую неделю, чтобы к концу месяца получить первое приглашение.',
  body: '## Неделя первая\n\nСоставьте резюме.',
  category: 'career',
  author: 'anna-kovaleva',
  cover: null,
});

/** The page's h1 as text, or null when the page is not there. */
async function heading(server: NextServer, page: string): Promise<string | null> {
  const response = await fetch(`${server.url}${page}`);
  if (response.status !== 200) return null;
  return (
    (await response.text())
      .match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .replace(/\u00a0/g, ' ') ?? ''
  );
}

async function text(server: NextServer, page: string): Promise<string> {
  return (await fetch(`${server.url}${page}`)).text();
}

/**
 * How often a wait asks for the article page: each ask renders it, and the waits last up to the moment
 * (`SCHEDULED_AHEAD_MS`) or a refresh (2 s). Half a second late at most, against the minute a publication
 * may take.
 */
const pagePollMs = 500;

/**
 * How far ahead a scheduled price, article or event is set at first: far enough for every server to be
 * asked before it (a database write and a few page renders: under a second on a quiet machine) and to have
 * read it in a refresh (2 s), near enough that the suite does not sit waiting (20 s took 40 s of each
 * database's file). On a busy machine the asking took longer than 12 s (twice: beside the end-to-end and
 * the unit stage); `scheduledAhead` then schedules again, twice and four times as far ahead.
 */
export const SCHEDULED_AHEAD_MS = 12_000;

/** `work` with the repositories of a connection of its own to `config`'s database, closed after. */
export async function withRepositories<T>(config: DatabaseConfig, work: (repos: Repositories) => Promise<T>): Promise<T> {
  const handle = await openDatabase(config);
  try {
    return await work(createRepositories(handle));
  } finally {
    await handle.close();
  }
}

/** Something scheduled for `moment`, and the checks that each server does not serve it yet (true: not yet). */
interface Scheduled {
  moment: number;
  notYetServed: { what: string; check: () => Promise<boolean> }[];
}

/**
 * Schedules something `aheadMs` ahead with `schedule`, then asks every check whether a server serves it
 * already, and expects none to when the last answer came before the moment. An answer from at or after
 * the moment proves nothing (the thing may rightly be there by then): then it schedules something new
 * (`attempt` tells `schedule` which: a slug or a price of its own) twice as far ahead, up to three times.
 * Returns what `schedule` returned for the attempt that was checked.
 */
export async function scheduledAhead<T extends Scheduled>(what: string, schedule: (aheadMs: number, attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const aheadMs = SCHEDULED_AHEAD_MS * 2 ** attempt;
    const scheduled = await schedule(aheadMs, attempt);
    const answers: { what: string; notYet: boolean }[] = [];
    for (const { what, check } of scheduled.notYetServed) answers.push({ what, notYet: await check() });
    if (Date.now() < scheduled.moment) {
      for (const answer of answers) expect(answer.notYet, `${answer.what}, before its moment`).toBe(true);
      return scheduled;
    }
    console.warn(
      `[live content] ${what}: the servers were asked until after its moment (${aheadMs / 1000} s ahead, a busy machine); scheduled again further ahead`,
    );
  }
  throw new Error(`${what}: even ${(SCHEDULED_AHEAD_MS * 4) / 1000} s ahead, the servers were not all asked before its moment`);
}

/**
 * An article and an event published for a moment `SCHEDULED_AHEAD_MS` ahead (`scheduledAhead`), through the
 * repositories as the console's actions store them (the console itself is e2e/console-articles.spec.ts):
 * before it, neither page exists on any of `servers`; at it, each has them on their pages, in the media
 * list and its category, and in the sitemap; a later version replaces the text, and the earlier one brought
 * back («Вернуть эту версию»: a new version with its fields) is there again, on every instance.
 */
export async function publicationsScenario(config: DatabaseConfig, servers: NextServer[]) {
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#225599' } })
    .png()
    .toBuffer();
  const cover = await encodeCover(new Uint8Array(png));
  if (!('bytes' in cover)) throw new Error('cover refused');
  const { article, event, first, moment } = await scheduledAhead('an article and an event', async (aheadMs, attempt) => {
    const suffix = `${Date.now().toString(36)}-${attempt}`;
    const article = `system-article-${suffix}`;
    const event = `system-event-${suffix}`;
    const moment = Date.now() + aheadMs;
    const first = await withRepositories(config, async (repos) => {
      const image = await repos.contentImages.add(cover, { operator, now: Date.now() });
      const version = await repos.contentVersions.add(
        { kind: 'article', slug: article, fields: articleFields('План на первый месяц'), status: 'published', publishAt: moment, operator },
        Date.now(),
      );
      await repos.contentVersions.add(
        {
          kind: 'event',
          slug: event,
          fields: {
            title: 'Встреча выпускников',
            startsAt: moment + 7 * 86_400_000,
            place: 'https://school.example/live',
            description: 'Выпускники рассказывают, как нашли первую работу.',
            formHeading: 'Запишитесь на встречу',
            formText: 'Пришлём ссылку за день.',
            buttonLabel: 'Записаться',
            cover: { id: image, width: cover.width, height: cover.height },
          },
          status: 'published',
          publishAt: moment,
          operator,
        },
        Date.now(),
      );
      return version;
    });
    const notYetServed = servers.flatMap((server) => [
      { what: `${server.url}/media/${article}`, check: async () => (await heading(server, `/media/${article}`)) === null },
      { what: `${server.url}/events/${event}`, check: async () => (await heading(server, `/events/${event}`)) === null },
      { what: `${server.url}/sitemap.xml`, check: async () => !(await text(server, '/sitemap.xml')).includes(`/media/${article}`) },
    ]);
    return { article, event, first, moment, notYetServed };
  });

  for (const server of servers) {
    await waitFor(
      `${server.url}: the article at its moment`,
      async () => (await heading(server, `/media/${article}`)) === 'План на первый месяц',
      60_000,
      pagePollMs,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(moment);
    expect(await heading(server, `/events/${event}`)).toBe('Встреча выпускников');
    expect(await text(server, '/media')).toContain(`href="/media/${article}"`);
    expect(await text(server, '/media/category/career')).toContain(`href="/media/${article}"`);
    const sitemap = await text(server, '/sitemap.xml');
    expect(sitemap).toContain(`/media/${article}`);
    expect(sitemap).toContain(`/events/${event}`);
  }

  // A new text, then the first one brought back as a new version.
  await withRepositories(config, (repos) =>
    repos.contentVersions.add(
      { kind: 'article', slug: article, fields: articleFields('План на четыре недели'), status: 'published', publishAt: Date.now(), operator },
      Date.now(),
    ),
  );
  for (const server of servers) {
    await waitFor(`${server.url}: the new text`, async () => (await heading(server, `/media/${article}`)) === 'План на четыре недели', 40_000, pagePollMs);
  }
  await withRepositories(config, (repos) =>
    repos.contentVersions.add(
      { kind: 'article', slug: article, fields: first.fields, status: 'published', publishAt: Date.now(), operator, restoredFrom: first.id },
      Date.now(),
    ),
  );
  for (const server of servers) {
    await waitFor(
      `${server.url}: the earlier text back`,
      async () => (await heading(server, `/media/${article}`)) === 'План на первый месяц',
      40_000,
      pagePollMs,
    );
  }
}
