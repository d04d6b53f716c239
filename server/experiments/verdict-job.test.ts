import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { moscowToday } from '@/lib/calendar';
import { startFakeTelegram, type FakeTelegram } from '@/tests/support/fake-telegram';
import { createAlertWorker } from '../alerts/alert-handler';
import { DEFAULT_ALERT_SETTINGS } from '../rules/alert-settings';
import type { AlertsConfig } from '../config';
import { openDatabase } from '../db/connection';
import { createRepositories, type Repositories } from '../repositories';
import { describeEachDatabase } from '../testing/databases';
import { capturingLogger } from '../testing/runtime';
import { recordVariantTraffic, startSplitTest } from '../testing/split-tests';
import { splitTestView } from './report';
import { AUTO_KEEP_ACTOR } from '@/lib/actors';
import { splitTestVerdictStep } from './verdict-job';
import { popupTests } from './subjects/popup';

let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram();
});
afterAll(async () => {
  await telegram.close();
});

const CHAT = '-1001234567890';
const popup = 'popup-react-developer-discount';

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDatabase('split test verdicts: announced once where lead alerts go, the winner kept by itself', (database) => {
  let config: AlertsConfig;

  beforeEach(async () => {
    await database().clear();
    telegram.reset();
    config = { telegram: { apiUrl: telegram.url, token: '123:test-token', timeoutMs: 2000 }, email: null, siteUrl: 'https://school.example' };
    // Open round the clock, so the notice is due at once whenever the test runs.
    await database().repos.settings.saveAlertSettings({
      ...DEFAULT_ALERT_SETTINGS,
      telegramChats: [CHAT],
      openMinute: 0,
      closeMinute: 24 * 60,
      days: [1, 2, 3, 4, 5, 6, 7],
    });
  });

  /** A test whose B converts at 22 % against A's 10 %: past the floor and the boundary, «better». */
  async function decidedTest(options: { autoKeep: boolean }) {
    const { repos } = database();
    const now = Date.now();
    const test = await startSplitTest(repos, popup, { plannedShows: 300, now: now - 3_600_000, ...options });
    await recordVariantTraffic(repos, test.id, { variant: 0, shows: 300, leads: 30, now });
    await recordVariantTraffic(repos, test.id, { variant: 1, shows: 300, leads: 66, now });
    return test;
  }

  /** Sends what is queued to the fake Telegram, and stops once nothing waits. */
  async function sendAlerts(repos: Repositories) {
    const worker = createAlertWorker({ repos, config, pollMs: 20, retry: { baseMs: 50, maxMs: 200, maxAttempts: 5 }, spacingMs: 50, log: capturingLogger() });
    worker.start();
    try {
      await until(async () => (await repos.alertQueue.health(Date.now())).waiting === 0);
    } finally {
      await worker.stop();
    }
  }

  it("two instances look at once: one alert to the chat, the test ends with B's texts as the pop-up's, and the journal has the keep", async () => {
    const { repos } = database();
    const test = await decidedTest({ autoKeep: true });
    // A second instance: its own connection to the same database, looking at the same moment.
    const other = await openDatabase(database().config);
    try {
      const step = (r: Repositories) => splitTestVerdictStep({ repos: r, alerts: config }).run(Date.now());
      const results = await Promise.all([step(repos), step(createRepositories(other))]);
      expect(results.map((r) => r.splitTestVerdicts).sort()).toEqual([0, 1]);
      expect(results.map((r) => r.splitTestsKept).sort()).toEqual([0, 1]);
      // And a later look finds nothing new.
      expect(await step(repos)).toEqual({ splitTestVerdicts: 0, splitTestsKept: 0, splitTestsHeld: 0 });
    } finally {
      await other.close();
    }

    await sendAlerts(repos);
    const messages = telegram.delivered(CHAT);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toMatch(
      /^<b>Тест поп-апа «Скидка на курс «React-разработчик»» закончен: вариант B приносит на \d+ % больше заявок — он оставлен автоматически\.<\/b>/,
    );
    expect(messages[0]!.text).toContain('https://school.example/admin/popups/popup-react-developer-discount');

    const ended = await popupTests(repos).get(test.id);
    expect(ended).toMatchObject({ status: 'decided', winner: 1, stoppedBy: AUTO_KEEP_ACTOR });
    const stored = await repos.popups.get(popup);
    expect(stored?.config.content.kind === 'discount' && stored.config.content.title).toBe('B');
    expect(stored?.config.variants).toEqual([]);
    const journal = await repos.audit.list({ limit: 10 });
    expect(journal.filter((row) => row.action === 'popup_test_decide')).toEqual([
      expect.objectContaining({ actor: AUTO_KEEP_ACTOR, subject: popup, details: expect.objectContaining({ test: test.id, variant: 1, automatic: true }) }),
    ]);
  });

  it('without «Оставить победителя автоматически»: the alert once, the test keeps running for the team to choose', async () => {
    const { repos } = database();
    const test = await decidedTest({ autoKeep: false });
    const step = splitTestVerdictStep({ repos, alerts: config });
    expect((await step.run(Date.now())).splitTestVerdicts).toBe(1);
    expect((await step.run(Date.now())).splitTestVerdicts).toBe(0);
    await sendAlerts(repos);
    expect(telegram.delivered(CHAT).map((call) => call.text)).toEqual([
      expect.stringMatching(/закончен: вариант B приносит на \d+ % больше заявок\. Оставьте его в консоли\./),
    ]);
    expect(await popupTests(repos).get(test.id)).toMatchObject({ status: 'running', winner: null });
  });

  it('«разницы нет» never keeps a variant: the test ends with A', async () => {
    const { repos } = database();
    const now = Date.now();
    const test = await startSplitTest(repos, popup, { plannedShows: 300, now: now - 3_600_000, autoKeep: true });
    // The planned shows reached, B a little ahead but not surely: no difference worth having.
    await recordVariantTraffic(repos, test.id, { variant: 0, shows: 300, leads: 30, now });
    await recordVariantTraffic(repos, test.id, { variant: 1, shows: 300, leads: 33, now });
    expect((await splitTestVerdictStep({ repos, alerts: config }).run(now)).splitTestsKept).toBe(1);
    expect(await popupTests(repos).get(test.id)).toMatchObject({ status: 'decided', winner: 0 });
    const stored = await repos.popups.get(popup);
    expect(stored?.config.content.kind === 'discount' && stored.config.content.title).toBe('A');
    await sendAlerts(repos);
    expect(telegram.delivered(CHAT).map((call) => call.text)).toEqual([expect.stringContaining('закончен: разницы между вариантами нет — оставлен A.')]);
  });

  it('a verdict whose figures come from few networks, or with much of its traffic uncounted, is neither announced nor kept, and is looked at again', async () => {
    const { repos } = database();
    const now = Date.now();
    const step = splitTestVerdictStep({ repos, alerts: config });
    // B converts at 22 % against A's 10 %, as above, but all of B's 300 visitors came from 12 networks.
    const packed = await startSplitTest(repos, popup, { plannedShows: 300, now: now - 3_600_000, autoKeep: true });
    await recordVariantTraffic(repos, packed.id, { variant: 0, shows: 300, leads: 30, now });
    await recordVariantTraffic(repos, packed.id, { variant: 1, shows: 300, leads: 66, now, networks: 12 });
    expect((await splitTestView(repos, packed, now)).report.verdict).toMatchObject({ kind: 'better', variant: 1 });
    expect(await step.run(now)).toEqual({ splitTestVerdicts: 0, splitTestsKept: 0, splitTestsHeld: 1 });
    expect(await popupTests(repos).get(packed.id)).toMatchObject({ status: 'running', winner: null, verdictAt: null });
    await popupTests(repos).stop(packed.id, { actor: 'anna@school.ru', now });

    // Spread over many networks, but a fifth of the test's events went uncounted.
    const pushed = await startSplitTest(repos, popup, { plannedShows: 300, now: now - 3_600_000, autoKeep: true });
    await recordVariantTraffic(repos, pushed.id, { variant: 0, shows: 300, leads: 30, now });
    await recordVariantTraffic(repos, pushed.id, { variant: 1, shows: 300, leads: 66, now });
    await repos.traffic.tally(moscowToday(new Date(now)), 'test', pushed.id, { counted: 696, uncounted: 174 });
    expect(await step.run(now)).toEqual({ splitTestVerdicts: 0, splitTestsKept: 0, splitTestsHeld: 1 });
    expect(await popupTests(repos).get(pushed.id)).toMatchObject({ status: 'running', verdictAt: null });
    await sendAlerts(repos);
    expect(telegram.delivered(CHAT)).toEqual([]);
  });
});
