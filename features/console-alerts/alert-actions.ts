'use server';

import { revalidatePath } from 'next/cache';
import { requireOperator } from '@/server/admin/session';
import { followSavedSettings } from '@/server/alerts/follow-settings';
import { parseAlertSettings, type AlertSettings, type AlertSettingsField } from '@/server/alerts/settings';
import { formatHours } from '@/server/alerts/schedule';
import { sendTestAlerts } from '@/server/alerts/test-send';
import { alertSettingsErrorText, testResultText } from './alert-labels';

export interface AlertFormValues {
  telegramChats: string;
  emails: string;
  hours: string;
  days: string[];
  withoutPersonalData: boolean;
}

export interface AlertFormState {
  values: AlertFormValues;
  /** Russian, beside each refused field. */
  errors: Partial<Record<AlertSettingsField, string>>;
  message: string | null;
  /** «Отправить пробное уведомление»: one line a recipient, in Russian. */
  results: { text: string; ok: boolean }[] | null;
}

function readForm(form: FormData): AlertFormValues {
  return {
    telegramChats: String(form.get('telegramChats') ?? '').slice(0, 5000),
    emails: String(form.get('emails') ?? '').slice(0, 10_000),
    hours: String(form.get('hours') ?? '').slice(0, 50),
    days: form.getAll('days').map(String),
    withoutPersonalData: form.get('withoutPersonalData') === 'on',
  };
}

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
export async function resendDeadAlertsAction(): Promise<void> {
  const { runtime, email } = await requireOperator();
  const count = await runtime.repos.alertQueue.requeueDead(Date.now());
  await runtime.repos.audit.record({ actor: email, action: 'resend_all', subject: 'уведомления', details: { alerts: count } });
  revalidatePath('/admin/notifications');
}

/** «Сохранить» (intent `save`) or «Отправить пробное уведомление» (intent `test`, with the form's recipients as typed). */
export async function alertSettingsAction(_previous: AlertFormState, form: FormData): Promise<AlertFormState> {
  const { runtime, email } = await requireOperator();
  const values = readForm(form);
  const parsed = parseAlertSettings(values);
  if (!parsed.ok) {
    const errors = Object.fromEntries(Object.entries(parsed.errors).map(([field, error]) => [field, alertSettingsErrorText(error)]));
    return { values, errors, message: 'Не сохранено: исправьте отмеченные поля', results: null };
  }
  const settings = parsed.settings;
  if (form.get('intent') === 'test') {
    if (settings.telegramChats.length + settings.emails.length === 0) return { values, errors: {}, message: 'Добавьте хотя бы одного получателя', results: null };
    const results = await sendTestAlerts(runtime.config.alerts, settings);
    await runtime.repos.audit.record({
      actor: email,
      action: 'alerts_test',
      subject: 'уведомления',
      details: { recipients: results.length, delivered: results.filter((result) => result.outcome === 'sent').length },
    });
    return { values, errors: {}, message: null, results: results.map((result) => ({ text: testResultText(result), ok: result.outcome === 'sent' })) };
  }
  const before = await runtime.repos.settings.alertSettings();
  await runtime.repos.settings.saveAlertSettings(settings);
  const queue = await followSavedSettings(runtime.repos.alertQueue, settings, Date.now());
  await runtime.repos.audit.record({ actor: email, action: 'alerts_save', subject: 'уведомления', details: { ...changes(before, settings), heldMoved: queue.moved, dropped: queue.dropped } });
  revalidatePath('/admin/notifications');
  return { values, errors: {}, message: 'Сохранено', results: null };
}
