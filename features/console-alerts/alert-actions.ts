'use server';

import { revalidatePath } from 'next/cache';
import { z } from '@/lib/validation/zod';
import { answered } from '@/server/admin/action-steps';
import { operatorAction } from '@/server/admin/operator-action';
import { followSavedSettings } from '@/server/alerts/follow-settings';
import { botStartLink, hashJoinCode, isBotUsername, JOIN_CODE_LIFETIME_MS, newJoinCode } from '@/server/alerts/join-code';
import { joinLinkQrSvg } from '@/server/alerts/join-qr';
import { formatHours } from '@/server/rules/working-hours';
import {
  joinedChatsOf,
  parseAlertSettings,
  withJoinedChats,
  type AlertSettings,
  type AlertSettingsErrors,
  type AlertSettingsInput,
} from '@/server/rules/alert-settings';
import { botUsername } from '@/server/alerts/telegram-bot';
import { sendTestAlerts, type TestResult } from '@/server/alerts/test-send';
import type { AdminRuntime } from '@/server/admin/runtime';

/** What the «Уведомления» form shows after a save or a test, as codes (alert-labels.ts words them). */
export interface AlertFormState {
  /** What was typed, kept in the form. */
  values: AlertSettingsInput;
  /** Beside each refused field. */
  errors: AlertSettingsErrors;
  message: 'invalid' | 'no_recipients' | 'saved' | null;
  /** «Отправить пробное уведомление»: how it went for each recipient. */
  results: TestResult[] | null;
  /** The names of the chats that joined by the bot's link, by chat: the test's results name them so. */
  chatNames?: Record<string, string>;
}

/** «Подключить менеджера»: the bot's link with its one-time code and its QR code (an SVG drawn on the server), or why there is none. */
export type JoinLinkState =
  { outcome: null } | { outcome: 'telegram_off' | 'bot_unreachable' } | { outcome: 'created'; link: string; qrSvg: string; expiresAt: number };

const typed = (max: number) =>
  z
    .string()
    .default('')
    .transform((text) => text.slice(0, max));
const alertForm = z.object({
  telegramChats: typed(5000),
  emails: typed(10_000),
  hours: typed(50),
  // A checkbox of each day, all named `days`: none, one or several.
  days: z
    .union([z.string(), z.array(z.string())])
    .default([])
    .transform((days) => [days].flat()),
  withoutPersonalData: z
    .string()
    .optional()
    .transform((checked) => checked === 'on'),
});
const PAGE = '/admin/notifications';

/** The chats of the stored list that joined by the bot's link (with their names): kept on the list whatever the text field says. */
async function joinedChats(runtime: AdminRuntime, settings: AlertSettings) {
  const chats = await runtime.repos.alertJoins.chats();
  const joined = joinedChatsOf(
    settings,
    chats.map((chat) => chat.chatId),
  );
  return { joined, names: Object.fromEntries(chats.filter((chat) => joined.includes(chat.chatId)).map((chat) => [chat.chatId, chat.name])) };
}

const unreadable = (): AlertFormState => ({
  values: { telegramChats: '', emails: '', hours: '', days: [], withoutPersonalData: false },
  errors: {},
  message: 'invalid',
  results: null,
});
const refused = (values: AlertSettingsInput, errors: AlertSettingsErrors): AlertFormState => ({ values, errors, message: 'invalid', results: null });

/** What changed, for the audit log (field names and counts: the managers' addresses stay out of it). */
function changes(before: AlertSettings, after: AlertSettings): Record<string, unknown> {
  return {
    telegramChats: after.telegramChats.length,
    emails: after.emails.length,
    hours: formatHours(after),
    days: after.days.join(','),
    withoutPersonalData: after.withoutPersonalData,
    changed: (['telegramChats', 'emails', 'openMinute', 'closeMinute', 'days', 'withoutPersonalData'] as const).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    ),
  };
}

/** «Отправить заново недоставленные уведомления»: the dead alerts get a fresh set of attempts. */
export const resendDeadAlertsAction = operatorAction({
  input: z.object({}),
  write: (_change, trx, { runtime, now }) => runtime.repos.alertQueue.requeueDead(now, undefined, trx),
  audit: (alerts) => ({ action: 'resend_all', subject: 'уведомления', details: { alerts } }),
  answer: () => revalidatePath(PAGE),
});

/**
 * «Сохранить»: the settings, and the queued alerts following them, in one transaction with the journal's row.
 * The chats that joined by the bot's link are not in the text field: they stay on the list (read again in
 * the transaction, so a manager joining meanwhile is kept too).
 */
const saveAlertSettings = operatorAction({
  input: alertForm,
  invalid: unreadable,
  async prepare(values, { runtime }) {
    const parsed = parseAlertSettings(values);
    if (!parsed.ok) return answered(refused(values, parsed.errors));
    const before = await runtime.repos.settings.alertSettings();
    if (!withJoinedChats(parsed.settings, (await joinedChats(runtime, before)).joined))
      return answered(refused(values, { telegramChats: { code: 'too_many' } }));
    return { values, typed: parsed.settings, before };
  },
  async write({ typed }, trx, { runtime, now }) {
    const current = await runtime.repos.settings.alertSettings(trx);
    const named = (await runtime.repos.alertJoins.chats(trx)).map((chat) => chat.chatId);
    const settings = withJoinedChats(typed, joinedChatsOf(current, named));
    // Over the limit only if managers joined between the check and this write: nothing is saved.
    if (!settings) throw new Error('more alert recipients than allowed');
    await runtime.repos.settings.saveAlertSettings(settings, trx);
    return { settings, queue: await followSavedSettings(runtime.repos.alertQueue, settings, now, trx) };
  },
  audit: ({ settings, queue }, { before }) => ({
    action: 'alerts_save',
    subject: 'уведомления',
    details: { ...changes(before, settings), heldMoved: queue.moved, dropped: queue.dropped },
  }),
  answer(_written, { values }): AlertFormState {
    revalidatePath(PAGE);
    return { values, errors: {}, message: 'saved', results: null };
  },
});

/** «Отправить пробное уведомление» to the recipients as typed (nothing saved). */
const sendTestAlertsAction = operatorAction({
  input: alertForm,
  invalid: unreadable,
  async prepare(values, { runtime }) {
    const parsed = parseAlertSettings(values);
    if (!parsed.ok) return answered(refused(values, parsed.errors));
    // The managers who joined by the link get the test too.
    const { joined, names } = await joinedChats(runtime, await runtime.repos.settings.alertSettings());
    const recipients = withJoinedChats(parsed.settings, joined);
    if (!recipients) return answered(refused(values, { telegramChats: { code: 'too_many' } }));
    if (recipients.telegramChats.length + recipients.emails.length === 0)
      return answered<AlertFormState>({ values, errors: {}, message: 'no_recipients', results: null });
    // Sent before the journal's transaction: a slow Telegram or mail server must not hold the database's write lock.
    return { values, names, results: await sendTestAlerts(runtime.config.alerts, recipients) };
  },
  audit: (_written, { results }) => ({
    action: 'alerts_test',
    subject: 'уведомления',
    details: { recipients: results.length, delivered: results.filter((result) => result.outcome === 'sent').length },
  }),
  answer: (_written, { values, results, names }): AlertFormState => ({ values, errors: {}, message: null, results, chatNames: names }),
});

/**
 * The «Уведомления» form's two buttons: «Сохранить» (intent `save`) and «Отправить пробное уведомление»
 * (intent `test`). Whatever a client posts, each of the two checks the session before it reads anything.
 */
export async function alertSettingsAction(previous: AlertFormState, form: FormData): Promise<AlertFormState> {
  const test = form instanceof FormData && form.get('intent') === 'test';
  return test ? sendTestAlertsAction(previous, form) : saveAlertSettings(previous, form);
}

/**
 * «Подключить менеджера»: a one-time code (valid a day, only its hash stored) in the bot's link
 * `https://t.me/<bot>?start=<code>` and its QR code. The bot's username comes from Telegram (getMe) with
 * the server's token; the manager presses «Start» and the bot puts their chat on the list by itself
 * (server/alerts/join-watcher.ts). The link is shown to this operator only, now.
 */
export const createJoinLinkAction = operatorAction({
  input: z.object({}),
  async prepare(_input, { runtime, now }) {
    const telegram = runtime.config.alerts.telegram;
    if (!telegram) return answered<JoinLinkState>({ outcome: 'telegram_off' });
    const bot = await botUsername(telegram);
    if (!bot.ok || !isBotUsername(bot.result)) return answered<JoinLinkState>({ outcome: 'bot_unreachable' });
    const code = newJoinCode();
    const link = botStartLink(bot.result, code);
    return { codeHash: hashJoinCode(code), link, qrSvg: await joinLinkQrSvg(link), expiresAt: now + JOIN_CODE_LIFETIME_MS };
  },
  write: ({ codeHash, expiresAt }, trx, { runtime, email, now }) => runtime.repos.alertJoins.createCode({ codeHash, createdBy: email, expiresAt }, now, trx),
  audit: () => ({ action: 'alerts_join_link', subject: 'уведомления' }),
  answer: (_written, { link, qrSvg, expiresAt }): JoinLinkState => ({ outcome: 'created', link, qrSvg, expiresAt }),
});

/** «Убрать» a manager who joined by the link: off the list (their waiting alerts dropped, as on «Сохранить»), their name forgotten. */
export const removeAlertChatAction = operatorAction({
  input: z.object({ chatId: z.string().min(1).max(64) }),
  async write({ chatId }, trx, { runtime, now }) {
    const name = (await runtime.repos.alertJoins.chats(trx)).find((chat) => chat.chatId === chatId)?.name ?? null;
    // Only a chat that joined by the link is removed here (the others are lines of the text field).
    if (name === null) return { name, dropped: 0 };
    const current = await runtime.repos.settings.alertSettings(trx);
    const settings = { ...current, telegramChats: current.telegramChats.filter((chat) => chat !== chatId) };
    await runtime.repos.settings.saveAlertSettings(settings, trx);
    await runtime.repos.alertJoins.forget(chatId, trx);
    const queue = await followSavedSettings(runtime.repos.alertQueue, settings, now, trx);
    return { name, dropped: queue.dropped };
  },
  audit: ({ name, dropped }) => (name === null ? null : { action: 'alerts_chat_remove', subject: name, details: { dropped } }),
  answer: () => revalidatePath(PAGE),
});
