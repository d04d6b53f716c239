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
 * How far ahead a scheduled price, article or event is set: far enough for every server to be asked
 * before it (a database write and a few page renders: under a second on a quiet machine, past 8 s once with
 * the system and end-to-end stages run side by side) and to have read it in a refresh (2 s), near enough
 * that the suite does not sit waiting (20 s took 40 s of each database's file).
 */
export const SCHEDULED_AHEAD_MS = 12_000;

async function withRepos<T>(config: DatabaseConfig, work: (repos: Repositories) => Promise<T>): Promise<T> {
  const handle = await openDatabase(config);
  try {
    return await work(createRepositories(handle));
  } finally {
    await handle.close();
  }
}

/**
 * An article and an event published for a moment `SCHEDULED_AHEAD_MS` ahead, through the repositories as the
 * console's actions store them (the console itself is e2e/console-articles.spec.ts): before it, neither page
 * exists on any of `servers`; at it, each has them on their pages, in the media list and its category, and
 * in the sitemap; a later version replaces the text, and the earlier one brought back («Вернуть эту версию»:
 * a new version with its fields) is there again, on every instance.
 */
export async function publicationsScenario(config: DatabaseConfig, servers: NextServer[]) {
  const suffix = Date.now().toString(36);
  const article = `system-article-${suffix}`;
  const event = `system-event-${suffix}`;
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#225599' } })
    .png()
    .toBuffer();
  const cover = await encodeCover(new Uint8Array(png));
  if (!('bytes' in cover)) throw new Error('cover refused');
  const moment = Date.now() + SCHEDULED_AHEAD_MS;
  const first = await withRepos(config, async (repos) => {
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

  for (const server of servers) {
    expect(await heading(server, `/media/${article}`), server.url).toBeNull();
    expect(await heading(server, `/events/${event}`), server.url).toBeNull();
    expect(await text(server, '/sitemap.xml')).not.toContain(`/media/${article}`);
  }

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
  await withRepos(config, (repos) =>
    repos.contentVersions.add(
      { kind: 'article', slug: article, fields: articleFields('План на четыре недели'), status: 'published', publishAt: Date.now(), operator },
      Date.now(),
    ),
  );
  for (const server of servers) {
    await waitFor(`${server.url}: the new text`, async () => (await heading(server, `/media/${article}`)) === 'План на четыре недели', 40_000, pagePollMs);
  }
  await withRepos(config, (repos) =>
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
