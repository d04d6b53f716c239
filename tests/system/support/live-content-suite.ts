/**
 * The live-content suite, run by tests/system/live-content-sqlite.test.ts and live-content-postgres.test.ts
 * (one file a database, so the two run side by side on the stage's workers). What the marketing team saves in the console is live on every instance without a build: a price saved
 * in «Цены» of one instance is, within CONTENT_REFRESH_MS (15 s as deployed, 2 s here), in the plain HTTP
 * first response of every instance (the course page, the product list, the structured data), with the
 * build's first-paint rules; a price scheduled for a moment appears at that moment and not before; a
 * restart keeps it. Articles and events published for a later moment are on every instance at that moment
 * (publications.ts). On SQLite with one instance and on PostgreSQL with two (the same servers for
 * both: each start costs seconds of processor). Real servers of the build, a real browser for the console,
 * plain HTTP (no script) for the visitor.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEntries } from '@/content/courses';
import type { DatabaseConfig } from '@/server/config';
import { assertBuilt, freePort, serverEnv, startNextServer, waitFor, type NextServer } from '@/tests/support/next-server';
import { addOperators, launchChromium, signedIn } from './console';
import { publicationsScenario, scheduledAhead, withRepositories } from './publications';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';
import { testScratchRoot } from '@/server/testing/scratch';

const refreshMs = 2000;
const operator = { email: 'live-content@school-system.ru', password: 'live content system password' };
/** «Junior-комбо»: no gift, pop-up or text of another course refers to its tariffs. */
const course = courseEntries.find((entry) => entry.slug === 'junior')!;
const [combo] = course.tariffs as [(typeof course.tariffs)[number]];
/** «5 490» as the page writes it (no-break spaces matched by \s). */
const figure = (roubles: number) => new RegExp(roubles.toLocaleString('ru-RU').replace(/\s/g, '\\s'));

async function html(server: NextServer, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The course page's tariff offers of its structured data (schema.org Offer prices). */
function offerPrices(page: string): number[] {
  const blocks = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((match) => match[1]!);
  return blocks.flatMap((block) => [...block.matchAll(/"price":"?(\d+)/g)].map((match) => Number(match[1])));
}

const shows = async (server: NextServer, roubles: number) => {
  const [page, list] = await Promise.all([html(server, course.path), html(server, '/products')]);
  return figure(roubles).test(page) && figure(roubles).test(list) && offerPrices(page).includes(roubles);
};

/**
 * How often a wait renders the course page and the product list again: the waits last a refresh (2 s) or
 * up to a scheduled moment (`SCHEDULED_AHEAD_MS`), and at 50 ms the servers spent them rendering. Half a
 * second late at most, well inside the refresh-plus-10-s bound the test allows.
 */
const pagePollMs = 500;

export interface LiveContentSetup {
  name: string;
  instances: number;
  /** Set when the setup cannot run here: its tests are skipped (the file has said why). */
  unavailable?: boolean;
  database: () => Promise<{ config: DatabaseConfig; env: Record<string, string>; drop: () => Promise<void> }>;
}

/** SQLite, one instance. */
export const sqliteSetup: LiveContentSetup = {
  name: 'SQLite, one instance',
  instances: 1,
  async database() {
    const folder = fs.mkdtempSync(path.join(testScratchRoot(), 'school-site-live-content-'));
    const file = path.join(folder, 'site.db');
    return { config: { dialect: 'sqlite', file }, env: { SQLITE_PATH: file }, drop: async () => fs.rmSync(folder, { recursive: true, force: true }) };
  },
};

/** PostgreSQL at `url` (a scratch database of its own), two instances; unavailable without a `url`. */
export const postgresSetup = (url: string | undefined): LiveContentSetup => ({
  name: 'PostgreSQL, two instances',
  instances: 2,
  unavailable: !url,
  async database() {
    const scratch: ScratchDatabase = await createScratchDatabase(url!);
    return { config: { dialect: 'postgres' as const, url: scratch.url }, env: { DATABASE_URL: scratch.url }, drop: () => scratch.drop() };
  },
});

export function liveContentSuite({ name, instances, database, unavailable = false }: LiveContentSetup): void {
  describe.skipIf(unavailable)(`prices saved in the console, live without a build (${name})`, () => {
    const ports: number[] = [];
    const servers: NextServer[] = [];
    let setup: Awaited<ReturnType<typeof database>>;
    let browser: Browser;
    let console_: Page;
    const start = (port: number) =>
      startNextServer(
        port,
        serverEnv({
          ...setup.env,
          SITE_URL: `http://127.0.0.1:${port}`,
          ADDRESS_HASH_KEY: 'live-content-key-0123456789abcdef',
          CONTENT_REFRESH_MS: String(refreshMs),
        }),
      );

    beforeAll(async () => {
      assertBuilt();
      setup = await database();
      await addOperators([operator], setup.config);
      for (let i = 0; i < instances; i++) ports.push(await freePort());
      servers.push(...(await Promise.all(ports.map(start))));
      browser = await launchChromium();
      console_ = await signedIn(browser, servers[0]!.url, operator);
    });

    afterAll(async () => {
      await browser?.close();
      await Promise.all(servers.map((server) => server.kill('SIGKILL')));
      await setup?.drop();
    });

    it('is on every instance within the refresh, at its scheduled moment and not before, with the first-paint rules, and after a restart', async () => {
      const saved = combo.price - 247;
      for (const server of servers) expect(await shows(server, combo.price)).toBe(true);

      // «Цены» on the first instance: the combo's monthly price lowered.
      await console_.goto('/admin/prices');
      await console_.getByRole('link', { name: course.title, exact: true }).click();
      const fields = console_.getByRole('group', { name: new RegExp(`^Тариф «${combo.name}»`) });
      await fields.getByLabel('Цена', { exact: true }).fill(String(saved));
      await console_.getByRole('button', { name: 'Сохранить' }).click();
      await console_.getByRole('status').filter({ hasText: 'Сохранено' }).waitFor();
      const savedAt = Date.now();

      // The instance that saved it serves it at once; every other one within the refresh.
      expect(await shows(servers[0]!, saved)).toBe(true);
      for (const server of servers) await waitFor(`${server.url} to show ${saved} ₽`, () => shows(server, saved), 60_000, pagePollMs);
      expect(Date.now() - savedAt).toBeLessThan(refreshMs + 10_000);
      // Rendered from the console's content with the build's first-paint rules, as fast to paint as the build's page.
      expect(await html(servers.at(-1)!, course.path)).toContain('data-critical');

      // A price scheduled `SCHEDULED_AHEAD_MS` ahead (as «Действует с» stores it) is there at its moment, not before.
      const current = await withRepositories(setup.config, async (repos) => (await repos.priceVersions.list(course.slug))[0]!);
      const { moment: at, scheduled } = await scheduledAhead('a price', async (aheadMs, attempt) => {
        const scheduled = saved - 300 - attempt;
        const moment = Date.now() + aheadMs;
        await withRepositories(setup.config, (repos) =>
          repos.priceVersions.add(
            {
              courseSlug: course.slug,
              tariffs: current.tariffs.map((tariff, index) => (index === 0 ? { ...tariff, price: scheduled } : tariff)),
              effectiveFrom: moment,
              operator: operator.email,
            },
            Date.now(),
          ),
        );
        const notYetServed = servers.map((server) => ({ what: `${server.url} ${scheduled} ₽`, check: async () => !(await shows(server, scheduled)) }));
        return { moment, scheduled, notYetServed };
      });
      for (const server of servers) await waitFor(`${server.url} to show the scheduled ${scheduled} ₽`, () => shows(server, scheduled), 60_000, pagePollMs);
      expect(Date.now()).toBeGreaterThanOrEqual(at);
      expect(Date.now() - at).toBeLessThan(refreshMs + 10_000);

      // A restart (a release starts the same way) keeps every console change.
      const last = servers.length - 1;
      await servers[last]!.kill('SIGTERM');
      servers[last] = await start(ports[last]!);
      expect(await shows(servers[last]!, scheduled)).toBe(true);
    });

    it('has the console’s articles and events on every instance at their moment, and an earlier version brought back on every one', async () => {
      await publicationsScenario(setup.config, servers);
    });
  });
}
