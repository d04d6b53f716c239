import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { startFakeSmtp, type FakeSmtp } from '@/tests/support/fake-smtp';
import { startFakeTelegram, type FakeTelegram } from '@/tests/support/fake-telegram';
import type { AlertsConfig } from '../config';
import { openDatabase } from '../db/connection';
import { renderMetrics } from '../ops/metrics';
import { createRepositories, type Repositories } from '../repositories';
import type { NewLead } from '../repositories/leads';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { capturingLogger, testDeliveryWorker } from '../testing/runtime';
import { followSavedSettings } from './follow-settings';
import { planAlerts } from './plan';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../rules/alert-settings';
import { ALERT_SPACING_MS, createAlertWorker, type AlertWorkerOptions } from './alert-handler';
import { MAX_LEADS_A_MESSAGE } from './batch';

let telegram: FakeTelegram;
let smtp: FakeSmtp;
let gc: FakeGetCourse;
beforeAll(async () => {
  [telegram, smtp, gc] = await Promise.all([startFakeTelegram(), startFakeSmtp(), startFakeGetCourse()]);
});
afterAll(async () => {
  await Promise.all([telegram.close(), smtp.close(), gc.close()]);
});

const CHAT = '-1001234567890';
const MAIL = 'sales@school.example';
// Wednesday 25 November 2026, 12:00 in Moscow; the default hours are 10:00–19:00 Monday to Friday.
const WEDNESDAY_NOON = Date.parse('2026-11-25T09:00:00Z');
const SATURDAY_NIGHT = Date.parse('2026-11-28T21:30:00Z'); // 00:30 Sunday in Moscow
const MONDAY_OPENING = Date.parse('2026-11-30T07:00:00Z');
/**
 * The clock of the tests that are not about working hours: Wednesday noon in Moscow, moving on with real
 * time, so an alert is due at once whatever hour the tests run at.
 */
const suiteStarted = Date.now();
const inWorkingHours = () => WEDNESDAY_NOON + (Date.now() - suiteStarted);

/** The lead ids the console links of the messages point at, in order. */
function leadIdsIn(calls: { text: string }[]): number[] {
  return calls.flatMap((call) => [...call.text.matchAll(/\/admin\/leads\/(\d+)/g)].map((match) => Number(match[1])));
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDatabase('lead alerts against a fake Telegram and a fake SMTP server', (database) => {
  let log: ReturnType<typeof capturingLogger>;
  let config: AlertsConfig;
  let settings: AlertSettings;

  beforeEach(async () => {
    await database().clear();
    telegram.reset();
    smtp.reset();
    gc.reset();
    log = capturingLogger();
    config = {
      telegram: { apiUrl: telegram.url, token: '123:test-token', timeoutMs: 2000 },
      email: { smtpUrl: smtp.url, from: 'Сайт школы <site@school.example>', timeoutMs: 2000 },
      siteUrl: 'https://school.example',
    };
    settings = { ...DEFAULT_ALERT_SETTINGS, telegramChats: [CHAT], emails: [MAIL] };
    await database().repos.settings.saveAlertSettings(settings);
  });

  /**
   * A worker polling fast, with a short spacing between a chat's messages so the tests not about the
   * spacing do not wait out a second per message; the two that are use the real one.
   */
  function worker(overrides: Partial<AlertWorkerOptions> = {}, repos: Repositories = database().repos) {
    return createAlertWorker({
      repos,
      config,
      pollMs: 20,
      retry: { baseMs: 50, maxMs: 200, maxAttempts: 50 },
      spacingMs: 100,
      log,
      now: inWorkingHours,
      ...overrides,
    });
  }

  /** A lead accepted at `now` with its alerts, as the API stores it. */
  async function acceptLead(now = inWorkingHours(), overrides: Partial<NewLead> = {}) {
    const lead = sampleLead({ createdAt: now, ...overrides });
    const alerts = planAlerts(await database().repos.settings.alertSettings(), { telegram: true, email: true }, now);
    const stored = await database().repos.leads.accept(lead, { kind: 'deal', payload: { productTitle: 'Заявка с сайта' } }, undefined, alerts);
    return { lead, leadId: stored.leadId };
  }

  /**
   * A clock of the test's own for passes run by hand: `passUntil` runs a pass of each worker side by side
   * and moves the clock on a tenth of a second, until `condition` holds. How long a chat's spacing or
   * Telegram's retry_after holds a message back is then read on the clock, never waited out.
   */
  function steppedClock(start = WEDNESDAY_NOON) {
    const clock = {
      now: start,
      async passUntil(workers: ReturnType<typeof createAlertWorker>[], condition: () => boolean | Promise<boolean>) {
        for (;;) {
          await Promise.all(workers.map((w) => w.runOnce()));
          if (await condition()) return;
          if (clock.now - start > 60_000) throw new Error('condition not met within a minute of the clock');
          clock.now += 100;
        }
      },
    };
    return clock;
  }

  async function run(w: ReturnType<typeof createAlertWorker>, condition: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
    w.start();
    try {
      await until(condition, timeoutMs);
    } finally {
      await w.stop();
    }
  }

  it('brings a lead in working hours to both within 10 s, the phone a tel: link, and keeps the deal apart', async () => {
    const started = Date.now();
    const { lead, leadId } = await acceptLead(WEDNESDAY_NOON);
    await run(worker(), () => telegram.delivered().length === 1 && smtp.received().length === 1, 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);

    const [message] = telegram.delivered(CHAT);
    expect(message).toMatchObject({ token: '123:test-token', parseMode: 'HTML' });
    expect(message!.text).toContain('<b>Новая заявка: Контактная форма — Заявка с сайта</b>');
    expect(message!.text).toContain(`Имя: ${lead.name}`);
    expect(message!.text).toContain('Телефон: <a href="tel:+79161234567">+79161234567</a>');
    expect(message!.text).toContain(`E-mail: ${lead.email}`);
    // The page by its name, never by its address.
    expect(message!.text).toContain('Страница: Страница курса «Junior фронтенд-разработчик»');
    expect(message!.text).not.toContain('/products/junior-js');
    expect(message!.text).toContain('Время: 25.11.2026, 12:00 (МСК)');
    expect(message!.text).toContain(`<a href="https://school.example/admin/leads/${leadId}">Открыть в консоли</a>`);

    const [mail] = smtp.received(MAIL);
    expect(mail!.to).toEqual([MAIL]);
    expect(mail!.html).toContain('<a href="tel:+79161234567">+79161234567</a>');
    expect(mail!.text).toContain(`Имя: ${lead.name}`);
    // The deal is untouched by the alerts: still waiting for the GetCourse worker, the only row the lead's list counts.
    expect(await database().repos.deliveryQueue.countByStatus()).toEqual({ pending: 1, sending: 0, sent: 0, dead: 0, withheld: 0 });
    expect(await database().repos.alertQueue.health(Date.now())).toEqual({ waiting: 0, dead: 0, deadByChannel: { telegram: 0, email: 0 } });
    // The lead's page lists its two alerts, sent (and the deal's list none of them).
    const alerts = await database().repos.alertQueue.forLead(leadId);
    expect(alerts.map(({ recipient, status, attempts, held }) => ({ recipient, status, attempts, held }))).toEqual([
      { recipient: `telegram:${CHAT}`, status: 'sent', attempts: 1, held: false },
      { recipient: `email:${MAIL}`, status: 'sent', attempts: 1, held: false },
    ]);
    expect(alerts.every((alert) => alert.sentAt !== null && alert.lastError === null)).toBe(true);
    expect((await database().repos.deliveryQueue.forLead(leadId)).map((row) => row.kind)).toEqual(['deal']);
    expect(await database().repos.alertQueue.forLead(leadId + 1)).toEqual([]);
    // No personal data in the logs.
    const logged = log.lines.join('\n');
    for (const value of [lead.name, lead.email, lead.phone, MAIL]) expect(logged).not.toContain(value);
  });

  it('sends the phone as text when Telegram refuses the tel: link', async () => {
    telegram.setMode('no-tel-links');
    await acceptLead();
    await run(worker(), () => telegram.delivered().length === 1);
    expect(telegram.calls().map((call) => call.outcome)).toEqual(['400', 'ok']);
    expect(telegram.delivered()[0]!.text).toContain('Телефон: +79161234567\n');
  });

  it('sends nothing more to a recipient removed in the console, also of what was queued for them, and shows it nowhere as delivered', async () => {
    const { leadId } = await acceptLead();
    // Saved straight into the settings, as when a worker meets the alert before the console's save has
    // deleted it (the console follows a save with server/alerts/follow-settings.ts).
    await database().repos.settings.saveAlertSettings({ ...settings, telegramChats: [] });
    await run(worker(), () => smtp.received().length === 1);
    await until(async () => (await database().repos.alertQueue.health(Date.now())).waiting === 0);
    expect(telegram.calls()).toEqual([]);
    expect(
      log.lines.some((line) => line.includes('"event":"alerts.dropped_unsent"') && line.includes('recipient_removed') && line.includes('"alerts":1')),
    ).toBe(true);
    const alerts = await database().repos.alertQueue.forLead(leadId);
    expect(alerts.map(({ recipient, status }) => ({ recipient, status }))).toEqual([{ recipient: `email:${MAIL}`, status: 'sent' }]);
  });

  it('drops only the alerts its own claim still holds (one taken over after its lease ran out is not its to drop)', async () => {
    const { leadId } = await acceptLead();
    const { alertQueue } = database().repos;
    const now = inWorkingHours();
    const ids = (await alertQueue.due(`email:${MAIL}`, now)).map((alert) => alert.id);
    const lapsed = await alertQueue.claim(ids, { now, leaseMs: 1000 });
    const current = await alertQueue.claim(ids, { now: now + 2000, leaseMs: 1000 });
    expect(current).toHaveLength(1);
    expect(await alertQueue.dropClaimed(lapsed)).toBe(0);
    expect(await alertQueue.dropClaimed(current)).toBe(1);
    expect((await alertQueue.forLead(leadId)).map((alert) => alert.recipient)).toEqual([`telegram:${CHAT}`]);
  });

  it('sends one message, not zero or two, when Telegram is down and then back', async () => {
    telegram.setMode('down');
    await acceptLead();
    const running = worker();
    running.start();
    try {
      await until(() => telegram.calls().filter((call) => call.outcome === 'down').length >= 3);
      expect(smtp.received()).toHaveLength(1); // the mail went out meanwhile
      telegram.setMode('drop');
      await until(() => telegram.calls().some((call) => call.outcome === 'drop'));
      telegram.setMode('ok');
      await until(() => telegram.delivered().length === 1);
      // Nothing is left to send: no second message can follow.
      await until(async () => (await database().repos.alertQueue.health(Date.now())).waiting === 0);
    } finally {
      await running.stop();
    }
    expect(telegram.delivered()).toHaveLength(1);
    expect(smtp.received()).toHaveLength(1);
    expect((await database().repos.alertQueue.health(Date.now())).waiting).toBe(0);
  });

  it('waits out a 429 retry_after (1 s, ten times its own spacing) before the chat gets anything again', async () => {
    telegram.setMode('rate-limit', { retryAfter: 1, times: 1 });
    const clock = steppedClock();
    await acceptLead(clock.now);
    await clock.passUntil([worker({ now: () => clock.now })], () => telegram.delivered().length === 1);
    const [limited, delivered] = telegram.calls();
    expect(limited!.outcome).toBe('429');
    expect(delivered!.outcome).toBe('ok');
    // The 429 came on the first pass, at the clock's start; the message went on the first pass a second later.
    expect(clock.now - WEDNESDAY_NOON).toBe(1000);
    expect(telegram.calls()).toHaveLength(2);
  });

  it('sends at most one message a second to a chat: a burst goes as one list, each lead once', async () => {
    const clock = steppedClock();
    const passes = [worker({ spacingMs: ALERT_SPACING_MS, now: () => clock.now })];
    const ids: number[] = [];
    const sentAt: number[] = [];
    /** Leads accepted a tenth of a second after the chat's last message, and the passes until the chat has one more. */
    async function leadsThenMessage(count: number) {
      clock.now += 100;
      for (let i = 0; i < count; i++) ids.push((await acceptLead(clock.now)).leadId);
      await clock.passUntil(passes, () => telegram.delivered().length === sentAt.length + 1);
      sentAt.push(clock.now);
    }
    await leadsThenMessage(1);
    await leadsThenMessage(3);
    await leadsThenMessage(1);
    expect(leadIdsIn(telegram.delivered())).toEqual(ids);
    expect(telegram.delivered().map((call) => call.text.split('\n')[0])).toEqual([
      '<b>Новая заявка: Контактная форма — Заявка с сайта</b>',
      '<b>Новые заявки: 3</b>',
      '<b>Новая заявка: Контактная форма — Заявка с сайта</b>',
    ]);
    // Each message on the first pass its chat's second allowed.
    expect(sentAt).toEqual([0, 1, 2].map((index) => WEDNESDAY_NOON + 100 + index * ALERT_SPACING_MS));
  });

  it('delivers an injected campaign as plain text in both channels, with no extra mail header', async () => {
    const hostile = '<b>x</b> <a href="https://evil.example">жми</a>\r\nBcc: victim@evil.example\r\nSubject: взлом';
    await acceptLead(inWorkingHours(), { utm: { source: 'vk', campaign: hostile, content: hostile }, pagePath: `/offer?${hostile}` });
    await run(worker(), () => telegram.delivered().length === 1 && smtp.received().length === 1);
    const text = telegram.delivered()[0]!.text;
    expect(text).toContain(
      'Кампания: &lt;b&gt;x&lt;/b&gt; &lt;a href=&quot;https://evil.example&quot;&gt;жми&lt;/a&gt; Bcc: victim@evil.example Subject: взлом',
    );
    expect(text).not.toContain('<b>x</b>');
    expect(text).not.toContain('<a href="https://evil.example">');
    expect(text.split('\n').some((line) => line.startsWith('Bcc'))).toBe(false);

    const [mail] = smtp.received();
    expect(mail!.to).toEqual([MAIL]);
    expect(mail!.headers.filter(([name]) => name === 'bcc' || name === 'subject').map(([name]) => name)).toEqual(['subject']);
    const headerBlock = mail!.raw.slice(0, mail!.raw.indexOf('\r\n\r\n'));
    expect(headerBlock).not.toMatch(/^(Bcc|Subject: взлом)/im);
    expect(headerBlock).not.toContain('evil');
    expect(mail!.html).not.toContain('<b>x</b>');
    expect(mail!.html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(mail!.text.split('\n').some((line) => line.startsWith('Bcc'))).toBe(false);
  });

  it('leaves out name, phone and e-mail «Без личных данных»', async () => {
    await database().repos.settings.saveAlertSettings({ ...settings, withoutPersonalData: true });
    const { lead } = await acceptLead(inWorkingHours(), { utm: { campaign: 'autumn' } });
    await run(worker(), () => telegram.delivered().length === 1 && smtp.received().length === 1);
    for (const text of [telegram.delivered()[0]!.text, smtp.received()[0]!.text, smtp.received()[0]!.html, smtp.received()[0]!.raw]) {
      expect(text).not.toContain(lead.name);
      expect(text).not.toContain('79161234567');
      expect(text).not.toContain(lead.email);
    }
    expect(telegram.delivered()[0]!.text).toContain('Кампания: autumn');
    expect(telegram.delivered()[0]!.text).toContain('Заявка с сайта');
  });

  it('holds the leads of the night and sends one digest a recipient at the opening, oldest first', async () => {
    let clock = SATURDAY_NIGHT;
    const names = ['Анна', 'Борис', 'Вера', 'Глеб', 'Дарья', 'Егор', 'Жанна'];
    const leadIds: number[] = [];
    for (const [index, name] of names.entries()) leadIds.push((await acceptLead(SATURDAY_NIGHT + index * 3_600_000, { name })).leadId);
    // Each lead's page shows its alerts waiting for the opening, not failing.
    const night = await database().repos.alertQueue.forLead(leadIds[0]!);
    expect(night.map(({ status, held, nextAttemptAt }) => ({ status, held, nextAttemptAt }))).toEqual([
      { status: 'pending', held: true, nextAttemptAt: MONDAY_OPENING },
      { status: 'pending', held: true, nextAttemptAt: MONDAY_OPENING },
    ]);
    // Passes of the worker one at a time, on its own clock: a minute before the opening, then at it.
    const passes = worker({ now: () => clock });
    clock = MONDAY_OPENING - 60_000;
    expect(await passes.runOnce()).toEqual({ claimed: 0, sent: 0, retrying: 0, dead: 0 });
    expect(telegram.calls()).toEqual([]);
    expect(smtp.received()).toEqual([]);
    clock = MONDAY_OPENING;
    await passes.runOnce();
    expect((await database().repos.alertQueue.health(Date.now())).waiting).toBe(0);
    expect(telegram.calls()).toHaveLength(1);
    expect(smtp.received()).toHaveLength(1);
    const lines = telegram.delivered()[0]!.text.split('\n');
    expect(lines[0]).toBe('<b>За ночь: 7 заявок</b>');
    expect(lines.slice(1).map((line) => names.find((name) => line.includes(name)))).toEqual(names);
    expect(smtp.received()[0]!.header('subject')).toContain('=?'); // encoded by nodemailer
    expect(smtp.received()[0]!.text.split('\n')[0]).toBe('За ночь: 7 заявок');
  });

  it('sends a night longer than one list as one digest: the real count, the first leads, every alert recorded', async () => {
    const leadIds: number[] = [];
    for (let index = 0; index < MAX_LEADS_A_MESSAGE + 18; index += 1)
      leadIds.push((await acceptLead(SATURDAY_NIGHT + index * 60_000, { name: `Гость ${index + 1}` })).leadId);
    const passes = worker({ now: () => MONDAY_OPENING });
    await passes.runOnce();
    expect(telegram.calls()).toHaveLength(1);
    expect(smtp.received()).toHaveLength(1);
    expect((await database().repos.alertQueue.health(Date.now())).waiting).toBe(0);
    const lines = telegram.delivered()[0]!.text.split('\n');
    expect(lines[0]).toBe('<b>За ночь: 30 заявок</b>');
    expect(lines.slice(1, -1).map((line) => line.match(/Гость \d+/)?.[0])).toEqual(Array.from({ length: MAX_LEADS_A_MESSAGE }, (_, i) => `Гость ${i + 1}`));
    expect(lines.at(-1)).toContain('Ещё 18 заявок — в консоли, в разделе «Заявки».');
    expect(smtp.received()[0]!.text.split('\n')[0]).toBe('За ночь: 30 заявок');
    // Nothing is left for a second message: the next pass sends nothing.
    expect(await passes.runOnce()).toMatchObject({ claimed: 0 });
    expect(telegram.calls()).toHaveLength(1);
  });

  it("moves the night's held alerts when the hours change, and drops those to a manager taken off the list", async () => {
    const { leadId } = await acceptLead(SATURDAY_NIGHT);
    // Saved a minute later: open round the clock, without the e-mail recipient.
    const now = SATURDAY_NIGHT + 60_000;
    const saved: AlertSettings = { ...settings, emails: [], openMinute: 0, closeMinute: 24 * 60, days: [1, 2, 3, 4, 5, 6, 7] };
    await database().repos.settings.saveAlertSettings(saved);
    expect(await followSavedSettings(database().repos.alertQueue, saved, now)).toEqual({ moved: 1, dropped: 1 });
    const alerts = await database().repos.alertQueue.forLead(leadId);
    expect(alerts.map(({ recipient, status, nextAttemptAt }) => ({ recipient, status, nextAttemptAt }))).toEqual([
      { recipient: `telegram:${CHAT}`, status: 'pending', nextAttemptAt: now },
    ]);
    // Due now: the chat gets it at once, the address taken off the list nothing.
    await worker({ now: () => now }).runOnce();
    expect(telegram.delivered(CHAT)).toHaveLength(1);
    expect(smtp.received()).toEqual([]);
    // A sent alert stays as it was when the settings change again.
    expect(await followSavedSettings(database().repos.alertQueue, { ...saved, telegramChats: [] }, now)).toEqual({ moved: 0, dropped: 0 });
    expect((await database().repos.alertQueue.forLead(leadId)).map((alert) => alert.status)).toEqual(['sent']);
  });

  it('lets two workers on two connections send each alert once, spaced as one worker would', async () => {
    const clock = steppedClock();
    const other = await openDatabase(database().config);
    const workers = [
      worker({ spacingMs: ALERT_SPACING_MS, now: () => clock.now }),
      worker({ spacingMs: ALERT_SPACING_MS, now: () => clock.now }, createRepositories(other)),
    ];
    const ids: number[] = [];
    const sentAt: number[] = [];
    try {
      // One lead at a time, each sent (by whichever worker claims it) before the next arrives; every pass
      // of the two runs at the same moment as the other's, both after the same recipients.
      for (let i = 0; i < 6; i++) {
        ids.push((await acceptLead(clock.now)).leadId);
        await clock.passUntil(workers, () => telegram.delivered().length === i + 1);
        sentAt.push(clock.now);
        await clock.passUntil(workers, async () => (await database().repos.alertQueue.health(Date.now())).waiting === 0);
      }
    } finally {
      await other.close();
    }
    expect(leadIdsIn(telegram.delivered())).toEqual(ids);
    expect(leadIdsIn(smtp.received()).sort((a, b) => a - b)).toEqual(ids);
    // Each lead came the moment the chat's last message went: the next went exactly a second later.
    expect(sentAt).toEqual(ids.map((_, index) => WEDNESDAY_NOON + index * ALERT_SPACING_MS));
  });

  it('never waits for GetCourse, and GetCourse never waits for a hanging alert', async () => {
    /** Runs the GetCourse worker beside the alerts, as in the web process, while `check` runs. */
    async function besideDeals(check: () => Promise<void>) {
      const deals = testDeliveryWorker(database().repos, { baseUrl: gc.url, timeoutMs: 2000 }, { retry: { baseMs: 10, maxMs: 50, maxAttempts: 5 }, log });
      const alerts = worker();
      deals.start();
      alerts.start();
      try {
        await check();
      } finally {
        await Promise.all([deals.stop(), alerts.stop()]);
      }
    }
    // GetCourse keeps the deal's call waiting (as it hangs) until the alerts are out; then it answers.
    gc.setMode('hold');
    await acceptLead();
    await besideDeals(async () => {
      await until(() => telegram.delivered().length === 1 && smtp.received().length === 1, 4000);
      expect(gc.received()).toHaveLength(1);
      expect(gc.release()).toBe(1); // still waiting
    });

    // The other way: Telegram and the mail server away, GetCourse answers.
    gc.setMode('success');
    telegram.setMode('drop');
    smtp.setDown(true);
    await acceptLead();
    await besideDeals(() => until(async () => (await database().repos.deliveryQueue.countByStatus()).sent === 2));
    expect((await database().repos.alertQueue.health(Date.now())).waiting).toBe(2);
  });

  it('marks an alert dead after the attempt limit: on the health counts, by channel', async () => {
    telegram.setMode('down');
    const { leadId } = await acceptLead();
    await run(
      worker({ retry: { baseMs: 1, maxMs: 1, maxAttempts: 2 }, spacingMs: 1 }),
      async () => (await database().repos.alertQueue.health(Date.now())).dead === 1,
    );
    expect(await database().repos.alertQueue.health(Date.now())).toEqual({ waiting: 0, dead: 1, deadByChannel: { telegram: 1, email: 0 } });
    expect(await database().repos.deliveryQueue.countByStatus()).toMatchObject({ dead: 0 }); // the deal's count is GetCourse's only
    const { body } = await renderMetrics(database().repos, inWorkingHours());
    expect(body).toContain('school_lead_alerts{state="dead",channel="telegram"} 1');
    expect(body).toContain('school_lead_alerts{state="dead",channel="email"} 0');
    expect((await database().repos.alertQueue.list({ status: 'dead' })).map((row) => [row.kind, row.leadId])).toEqual([['alert', leadId]]);
    telegram.setMode('ok');
    // The deliveries' re-send (the leads page, one delivery's button) leaves the alerts to their own.
    expect(await database().repos.deliveryQueue.requeueDead(inWorkingHours())).toBe(0);
    expect(await database().repos.alertQueue.requeueDead(inWorkingHours())).toBe(1);
    await run(worker(), () => telegram.delivered().length === 1);
    expect(log.lines.some((line) => line.includes('"event":"alerts.dead"'))).toBe(true);
  });
});
