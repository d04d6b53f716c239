/**
 * The alert settings a marketer keeps in the console («Уведомления»): recipients, working hours and days,
 * «Без личных данных». Validation and the stored form (JSON in the `settings` table). Pure.
 */
import { formatHours, parseHours, WEEKDAYS, type Weekday, type WorkingSchedule } from './working-hours';

export interface AlertSettings extends WorkingSchedule {
  telegramChats: string[];
  emails: string[];
  withoutPersonalData: boolean;
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  telegramChats: [],
  emails: [],
  openMinute: 10 * 60,
  closeMinute: 19 * 60,
  days: [1, 2, 3, 4, 5],
  withoutPersonalData: false,
};

/** The form as the console posts it. */
export interface AlertSettingsInput {
  telegramChats: string;
  emails: string;
  hours: string;
  days: string[];
  withoutPersonalData: boolean;
}

export type AlertSettingsField = 'telegramChats' | 'emails' | 'hours' | 'days';
export type AlertSettingsError = 'chat_invalid' | 'email_invalid' | 'too_many' | 'hours_format' | 'hours_order' | 'days_empty';
export type AlertSettingsErrors = Partial<Record<AlertSettingsField, { code: AlertSettingsError; value?: string }>>;

export const MAX_RECIPIENTS = 20;
/** A chat's numeric id (groups and channels are negative) or a public channel's @name. */
const CHAT_ID = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;
/** A plain address: no spaces, no line breaks, no angle brackets, commas or quotes (nothing a header could split on). */
const EMAIL = /^[^\s@<>,;:"'()[\]\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$/;

function lines(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\r\n]+/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

export function parseAlertSettings(input: AlertSettingsInput): { ok: true; settings: AlertSettings } | { ok: false; errors: AlertSettingsErrors } {
  const errors: AlertSettingsErrors = {};
  const telegramChats = lines(input.telegramChats);
  const emails = lines(input.emails).map((email) => email.toLowerCase());
  const badChat = telegramChats.find((chat) => !CHAT_ID.test(chat));
  if (badChat !== undefined) errors.telegramChats = { code: 'chat_invalid', value: badChat };
  else if (telegramChats.length > MAX_RECIPIENTS) errors.telegramChats = { code: 'too_many' };
  const badEmail = emails.find((email) => email.length > 254 || !EMAIL.test(email));
  if (badEmail !== undefined) errors.emails = { code: 'email_invalid', value: badEmail };
  else if (emails.length > MAX_RECIPIENTS) errors.emails = { code: 'too_many' };
  const hours = parseHours(input.hours);
  if (!hours.ok) errors.hours = { code: hours.error };
  const days = WEEKDAYS.filter((day) => input.days.includes(String(day)));
  if (days.length === 0) errors.days = { code: 'days_empty' };
  if (Object.keys(errors).length > 0 || !hours.ok) return { ok: false, errors };
  return {
    ok: true,
    settings: { telegramChats, emails, openMinute: hours.openMinute, closeMinute: hours.closeMinute, days, withoutPersonalData: input.withoutPersonalData },
  };
}

export function settingsInput(settings: AlertSettings): AlertSettingsInput {
  return {
    telegramChats: settings.telegramChats.join('\n'),
    emails: settings.emails.join('\n'),
    hours: formatHours(settings),
    days: settings.days.map(String),
    withoutPersonalData: settings.withoutPersonalData,
  };
}

export function serializeAlertSettings(settings: AlertSettings): string {
  return JSON.stringify(settings);
}

/** The stored JSON, checked again; anything unreadable falls back to the defaults (no recipients). */
export function deserializeAlertSettings(text: string | undefined): AlertSettings {
  if (!text) return DEFAULT_ALERT_SETTINGS;
  try {
    const value = JSON.parse(text) as Partial<AlertSettings>;
    const parsed = parseAlertSettings({
      telegramChats: Array.isArray(value.telegramChats) ? value.telegramChats.join('\n') : '',
      emails: Array.isArray(value.emails) ? value.emails.join('\n') : '',
      hours: formatHours({ openMinute: Number(value.openMinute), closeMinute: Number(value.closeMinute) }),
      days: Array.isArray(value.days) ? value.days.map(String) : [],
      withoutPersonalData: value.withoutPersonalData === true,
    });
    return parsed.ok ? parsed.settings : DEFAULT_ALERT_SETTINGS;
  } catch {
    return DEFAULT_ALERT_SETTINGS;
  }
}

/** One recipient of alerts: the outbox's `recipient` column (`telegram:<chat>`, `email:<address>`). */
export type AlertChannel = 'telegram' | 'email';
export interface AlertRecipient {
  channel: AlertChannel;
  address: string;
}

export function recipientKey(recipient: AlertRecipient): string {
  return `${recipient.channel}:${recipient.address}`;
}

export function parseRecipientKey(key: string): AlertRecipient | null {
  const index = key.indexOf(':');
  const channel = key.slice(0, index);
  if (index < 0 || (channel !== 'telegram' && channel !== 'email')) return null;
  return { channel, address: key.slice(index + 1) };
}

/** Every recipient of the channels this server can send on. */
export function recipientsOf(settings: AlertSettings, channels: { telegram: boolean; email: boolean }): AlertRecipient[] {
  return [
    ...(channels.telegram ? settings.telegramChats.map((address): AlertRecipient => ({ channel: 'telegram', address })) : []),
    ...(channels.email ? settings.emails.map((address): AlertRecipient => ({ channel: 'email', address })) : []),
  ];
}

/** The keys of everyone on the list, whichever channels this server can send on (`recipientKey`). */
export function listedRecipientKeys(settings: AlertSettings): string[] {
  return recipientsOf(settings, { telegram: true, email: true }).map(recipientKey);
}

export type { Weekday };

/**
 * The list of chats as saved from the form: the chats that joined by the bot's link (`joined`, listed by
 * name on the page and not in the form's text field) stay, before the typed ones; null when together they
 * are more than MAX_RECIPIENTS.
 */
export function withJoinedChats(settings: AlertSettings, joined: readonly string[]): AlertSettings | null {
  const telegramChats = [...new Set([...joined, ...settings.telegramChats])];
  return telegramChats.length > MAX_RECIPIENTS ? null : { ...settings, telegramChats };
}

/** The chats of the list that joined by a link (`named`: every chat with a name), in the list's order. */
export function joinedChatsOf(settings: Pick<AlertSettings, 'telegramChats'>, named: readonly string[]): string[] {
  return settings.telegramChats.filter((chat) => named.includes(chat));
}
