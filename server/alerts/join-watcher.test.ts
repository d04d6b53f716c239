/**
 * A manager joins the alerts by the bot's link, against the fake Telegram as a real HTTP server: the bot
 * reads `/start <code>` (getUpdates from the stored offset) only while a code is open, puts the chat on
 * the list with its Telegram name and a journal row, answers in the chat, and refuses a code used, expired
 * or unknown. The next lead's alert then goes to that chat.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '@/tests/support/fake-telegram';
import { readAlertsConfig } from '../config';
import { describeEachDatabase } from '../testing/databases';
import { capturingLogger } from '../testing/runtime';
import { hashJoinCode, JOIN_CODE_LIFETIME_MS, newJoinCode } from './join-code';
import { JoinWatcher } from './join-watcher';
import { DEFAULT_ALERT_SETTINGS } from '../rules/alert-settings';

let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram();
});
afterAll(async () => {
  await telegram.close();
});

describeEachDatabase('joining the lead alerts by the bot link', (database) => {
  let now = Date.UTC(2026, 10, 23, 10, 0);
  const config = () => readAlertsConfig({ TELEGRAM_BOT_TOKEN: '123:join-token', TELEGRAM_API_URL: telegram.url, LEAD_ALERT_TIMEOUT_MS: '2000' });
  const watcher = () => new JoinWatcher({ repos: database().repos, config: config(), pollMs: 50, waitSeconds: 0, log: capturingLogger(), now: () => now });
  const newCode = async (expiresIn = JOIN_CODE_LIFETIME_MS) => {
    const code = newJoinCode();
    await database().repos.alertJoins.createCode({ codeHash: hashJoinCode(code), createdBy: 'anna@school.ru', expiresAt: now + expiresIn }, now);
    return code;
  };

  beforeEach(async () => {
    await database().clear();
    await database().repos.settings.saveAlertSettings({ ...DEFAULT_ALERT_SETTINGS, telegramChats: ['-100200300'] });
    telegram.reset();
  });

  it('asks Telegram nothing while no code is open', async () => {
    telegram.pressStart({ chatId: 5001, text: '/start whatever' });
    expect(await watcher().runOnce()).toBe(false);
    await newCode(-1);
    expect(await watcher().runOnce()).toBe(false);
    expect(telegram.botCalls()).toEqual([]);
  });

  it('puts the chat that sent /start <code> on the list by its name, once; answers it; moves the offset past what it read', async () => {
    const { repos } = database();
    const code = await newCode();
    telegram.pressStart({ chatId: 5001, text: 'привет' });
    telegram.pressStart({ chatId: 5002, firstName: 'Анна', lastName: 'Петрова', username: 'anna_sales', text: `/start ${code}` });
    await watcher().runOnce();

    expect((await repos.settings.alertSettings()).telegramChats).toEqual(['-100200300', '5002']);
    expect(await repos.alertJoins.chats()).toEqual([
      { chatId: '5002', name: 'Анна Петрова', username: 'anna_sales', joinedAt: now, invitedBy: 'anna@school.ru' },
    ]);
    expect(await repos.audit.list()).toEqual([
      expect.objectContaining({ actor: null, action: 'alerts_joined', subject: 'Анна Петрова', details: { invitedBy: 'anna@school.ru' } }),
    ]);
    expect(telegram.delivered('5002').map((call) => call.text)).toEqual([
      expect.stringMatching(/^Готово, Анна Петрова: теперь сюда будут приходить уведомления/),
    ]);
    expect(telegram.delivered('5001')).toEqual([]);
    const [read] = telegram.botCalls();
    expect(read).toEqual({ method: 'getUpdates', body: expect.objectContaining({ offset: 0, allowed_updates: ['message'] }) });
    const offset = await repos.settings.telegramUpdatesOffset();
    expect(offset).toBeGreaterThan(0);

    // The same code again, from another chat (another code open, so the bot reads): used. Nothing more is added.
    await newCode();
    telegram.pressStart({ chatId: 5003, firstName: 'Борис', text: `/start ${code}` });
    await watcher().runOnce();
    expect(telegram.botCalls().at(-1)?.body).toMatchObject({ offset });
    expect(telegram.delivered('5003').map((call) => call.text)).toEqual([expect.stringMatching(/уже подключились/)]);
    expect((await repos.settings.alertSettings()).telegramChats).toEqual(['-100200300', '5002']);
    expect(await repos.alertJoins.hasOpenCodes(now)).toBe(true);
  });

  it('refuses an expired code and one that is not ours', async () => {
    const { repos } = database();
    const code = await newCode(60_000);
    now += 60_000;
    await newCode();
    telegram.pressStart({ chatId: 6001, text: `/start ${code}` });
    telegram.pressStart({ chatId: 6002, text: '/start not-a-code' });
    await watcher().runOnce();
    expect(telegram.delivered('6001').map((call) => call.text)).toEqual([expect.stringMatching(/устарела/)]);
    expect(telegram.delivered('6002').map((call) => call.text)).toEqual([expect.stringMatching(/не подходит/)]);
    expect((await repos.settings.alertSettings()).telegramChats).toEqual(['-100200300']);
    expect(await repos.alertJoins.chats()).toEqual([]);
    // The retention deletes the spent code (expired before the cut), not the open one.
    expect(await repos.alertJoins.deleteSpentCodesBefore(now + 1)).toBe(1);
    expect(await repos.alertJoins.hasOpenCodes(now)).toBe(true);
  });

  it('waits for a /start while long polling and takes it the moment it comes', async () => {
    const code = await newCode();
    const longPoll = new JoinWatcher({ repos: database().repos, config: config(), pollMs: 50, waitSeconds: 5, log: capturingLogger(), now: () => now });
    const started = Date.now();
    const pass = longPoll.runOnce();
    setTimeout(() => telegram.pressStart({ chatId: 7001, firstName: 'Вера', text: `/start ${code}` }), 200);
    await pass;
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await database().repos.settings.alertSettings()).telegramChats).toContain('7001');
  });
});
