import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { startFakeTelegram, type FakeTelegram } from '@/tests/support/fake-telegram';
import { planAlerts } from './alerts/plan';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from './rules/alert-settings';
import { DEFAULT_RETENTION, readServerConfig } from './config';
import { describeEachDatabase } from './testing/databases';
import { sampleLead } from './testing/fixtures';
import { capturingLogger } from './testing/runtime';
import { startWorkers } from './start-workers';

let gc: FakeGetCourse;
let telegram: FakeTelegram;
beforeAll(async () => {
  [gc, telegram] = await Promise.all([startFakeGetCourse(), startFakeTelegram()]);
});
afterAll(async () => {
  await Promise.all([gc.close(), telegram.close()]);
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const CHAT = '-1001234567890';
/** Open round the clock, so an alert is due at once whenever the test runs. */
const settings: AlertSettings = { ...DEFAULT_ALERT_SETTINGS, telegramChats: [CHAT], openMinute: 0, closeMinute: 24 * 60, days: [1, 2, 3, 4, 5, 6, 7] };

describeEachDatabase('startWorkers', (database) => {
  beforeEach(async () => {
    await database().clear();
    gc.reset();
    telegram.reset();
    await database().repos.settings.saveAlertSettings(settings);
  });

  async function acceptLead() {
    const now = Date.now();
    const alerts = planAlerts(settings, { telegram: true, email: false }, now);
    return database().repos.leads.accept(sampleLead({ createdAt: now }), { kind: 'deal', payload: { productTitle: 'Заявка с сайта' } }, undefined, alerts);
  }

  it('runs the GetCourse deliveries, the lead alerts and the retention job; wake() brings a new deal out before the next poll; stop() ends them all', async () => {
    const config = readServerConfig({
      GETCOURSE_BASE_URL: gc.url,
      GETCOURSE_API_KEY: 'test-api-key',
      TELEGRAM_BOT_TOKEN: '123:test-token',
      TELEGRAM_API_URL: telegram.url,
      // A minute between polls: only wake() brings the second lead out within the test.
      OUTBOX_POLL_MS: '60000',
    });
    const old = await database().repos.leads.accept(
      sampleLead({ createdAt: Date.now() - (DEFAULT_RETENTION.leadDays + 1) * 86_400_000, deliveryMode: 'browser' }),
      null,
    );
    await acceptLead();
    const log = capturingLogger();
    const workers = startWorkers({ config, repos: database().repos, database: database().handle }, log);
    try {
      // The first passes, at start: the deal, its alert, and the retention run.
      await until(() => gc.deals().length === 1 && telegram.delivered().length === 1);
      await until(async () => (await database().repos.leads.findLead(old.leadId))?.email === '');
      const second = await acceptLead();
      workers.wake();
      await until(async () => (await database().repos.deliveryQueue.forLead(second.leadId))[0]?.status === 'sent', 10_000);
    } finally {
      await workers.stop();
    }
    const events = log.lines.map((line) => (JSON.parse(line) as { event: string }).event);
    expect(events).toEqual(
      expect.arrayContaining(['deliveries.worker_started', 'alerts.worker_started', 'privacy.retention', 'deliveries.worker_stopped', 'alerts.worker_stopped']),
    );
    expect(events.filter((event) => event === 'privacy.retention')).toHaveLength(1);
  });
});
