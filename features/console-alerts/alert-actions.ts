'use server';

import { revalidatePath } from 'next/cache';
import { z } from '@/lib/validation/zod';
import { answered } from '@/server/admin/action-steps';
import { operatorAction } from '@/server/admin/operator-action';
import { followSavedSettings } from '@/server/alerts/follow-settings';
import { formatHours } from '@/server/alerts/schedule';
import { parseAlertSettings, type AlertSettings, type AlertSettingsErrors, type AlertSettingsInput } from '@/server/alerts/settings';
import { sendTestAlerts, type TestResult } from '@/server/alerts/test-send';

/** What the «Уведомления» form shows after a save or a test, as codes (alert-labels.ts words them). */
export interface AlertFormState {
  /** What was typed, kept in the form. */
  values: AlertSettingsInput;
  /** Beside each refused field. */
  errors: AlertSettingsErrors;
  message: 'invalid' | 'no_recipients' | 'saved' | null;
  /** «Отправить пробное уведомление»: how it went for each recipient. */
  results: TestResult[] | null;
}

const typed = (max: number) => z.string().default('').transform((text) => text.slice(0, max));
const alertForm = z.object({
  telegramChats: typed(5000),
  emails: typed(10_000),
  hours: typed(50),
  // A checkbox of each day, all named `days`: none, one or several.
  days: z.union([z.string(), z.array(z.string())]).default([]).transform((days) => [days].flat()),
  withoutPersonalData: z.string().optional().transform((checked) => checked === 'on'),
});
const unreadable = (): AlertFormState => ({ values: { telegramChats: '', emails: '', hours: '', days: [], withoutPersonalData: false }, errors: {}, message: 'invalid', results: null });
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
  write: (_change, trx, { runtime, now }) => runtime.repos.alertQueue.requeueDead(now, trx),
  audit: (alerts) => ({ action: 'resend_all', subject: 'уведомления', details: { alerts } }),
  answer: () => revalidatePath('/admin/notifications'),
});

/** «Сохранить»: the settings, and the queued alerts following them, in one transaction with the journal's row. */
const saveAlertSettings = operatorAction({
  input: alertForm,
  invalid: unreadable,
  async prepare(values, { runtime }) {
    const parsed = parseAlertSettings(values);
    if (!parsed.ok) return answered(refused(values, parsed.errors));
    return { values, settings: parsed.settings, before: await runtime.repos.settings.alertSettings() };
  },
  async write({ settings }, trx, { runtime, now }) {
    await runtime.repos.settings.saveAlertSettings(settings, trx);
    return followSavedSettings(runtime.repos.alertQueue, settings, now, trx);
  },
  audit: (queue, { before, settings }) => ({ action: 'alerts_save', subject: 'уведомления', details: { ...changes(before, settings), heldMoved: queue.moved, dropped: queue.dropped } }),
  answer(_queue, { values }): AlertFormState {
    revalidatePath('/admin/notifications');
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
    if (parsed.settings.telegramChats.length + parsed.settings.emails.length === 0) return answered<AlertFormState>({ values, errors: {}, message: 'no_recipients', results: null });
    // Sent before the journal's transaction: a slow Telegram or mail server must not hold the database's write lock.
    return { values, results: await sendTestAlerts(runtime.config.alerts, parsed.settings) };
  },
  audit: (_written, { results }) => ({
    action: 'alerts_test',
    subject: 'уведомления',
    details: { recipients: results.length, delivered: results.filter((result) => result.outcome === 'sent').length },
  }),
  answer: (_written, { values, results }): AlertFormState => ({ values, errors: {}, message: null, results }),
});

/**
 * The «Уведомления» form's two buttons: «Сохранить» (intent `save`) and «Отправить пробное уведомление»
 * (intent `test`). Whatever a client posts, each of the two checks the session before it reads anything.
 */
export async function alertSettingsAction(previous: AlertFormState, form: FormData): Promise<AlertFormState> {
  const test = form instanceof FormData && form.get('intent') === 'test';
  return test ? sendTestAlertsAction(previous, form) : saveAlertSettings(previous, form);
}
