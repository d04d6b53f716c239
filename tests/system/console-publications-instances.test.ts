/**
 * Articles and events of the console published for a later moment, served by real production servers:
 * two instances over PostgreSQL (a version stored through one database, read by both) and one over SQLite
 * alone. Before its moment neither page exists; at its moment each instance has the article and the event
 * on their pages, in the media list and its category, and in the sitemap; a later version replaces the
 * text, and the earlier one brought back («Вернуть эту версию»: a new version with its fields) is there
 * again. The versions go in through the repositories, as the console's actions store them (the console
 * itself is e2e/console-articles.spec.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/connection';
import { createRepositories, type Repositories } from '@/server/repositories';
import { encodeCover } from '@/server/content-images/encode';
import { assertBuilt, freePort, serverEnv, startNextServer, waitFor, type NextServer } from '@/tests/support/next-server';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();
if (!testDatabaseUrl) {
  console.warn('\n[system tests] TEST_DATABASE_URL is not set: the two-instance publications test on PostgreSQL is SKIPPED.\n');
}

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
    /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(await response.text())?.[1]
      ?.replace(/<[^>]+>/g, '')
      .replace(/\u00a0/g, ' ') ?? ''
  );
}

async function text(server: NextServer, page: string): Promise<string> {
  return (await fetch(`${server.url}${page}`)).text();
}

/**
 * How often a wait asks for the article page: each ask renders it, and the waits last up to the moment
 * (20 s) or a refresh (2 s). Half a second late at most, against the minute a publication may take.
 */
const pagePollMs = 500;

type DatabaseConfig = Parameters<typeof openDatabase>[0];

async function withRepos<T>(config: DatabaseConfig, work: (repos: Repositories) => Promise<T>): Promise<T> {
  const handle = await openDatabase(config);
  try {
    return await work(createRepositories(handle));
  } finally {
    await handle.close();
  }
}

async function scenario(config: DatabaseConfig, servers: NextServer[]) {
  const suffix = Date.now().toString(36);
  const article = `system-article-${suffix}`;
  const event = `system-event-${suffix}`;
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#225599' } })
    .png()
    .toBuffer();
  const cover = await encodeCover(new Uint8Array(png));
  if (!('bytes' in cover)) throw new Error('cover refused');
  // Far enough ahead for the servers to be asked before it, near enough for a test.
  const moment = Date.now() + 20_000;
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

const liveEnv = { CONTENT_REFRESH_MS: '2000' };

describe.skipIf(!testDatabaseUrl)('console publications on two instances (PostgreSQL)', () => {
  let scratch: ScratchDatabase | undefined;
  const servers: NextServer[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    await scratch?.drop();
  });

  it('appear on both at their moment, and an earlier version comes back on both', async () => {
    assertBuilt();
    scratch = await createScratchDatabase(testDatabaseUrl!);
    const ports = await Promise.all([freePort(), freePort()]);
    servers.push(
      ...(await Promise.all(
        ports.map((port) => startNextServer(port, serverEnv({ ...liveEnv, DATABASE_URL: scratch!.url, SITE_URL: `http://127.0.0.1:${port}` }))),
      )),
    );
    await scenario({ dialect: 'postgres', url: scratch.url }, servers);
  }, 240_000);
});

describe('console publications on SQLite alone', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'console-publications-'));
  const file = path.join(folder, 'site.db');
  let server: NextServer | undefined;

  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('appear at their moment, and an earlier version comes back', async () => {
    assertBuilt();
    const port = await freePort();
    server = await startNextServer(port, serverEnv({ ...liveEnv, SQLITE_PATH: file, SITE_URL: `http://127.0.0.1:${port}` }));
    await scenario({ dialect: 'sqlite', file }, [server]);
  }, 240_000);
});
