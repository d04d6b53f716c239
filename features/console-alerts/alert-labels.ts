/** The alerts' words in the console: the «Уведомления» page's messages, field errors and test results, a lead's alerts. */
import type { AlertRecipient, AlertSettingsError } from '@/server/rules/alert-settings';
import type { TestResult } from '@/server/alerts/test-send';
import type { LeadAlertRow } from '@/server/repositories/alert-queue';
import { moscowTime } from '@/components/console/moscow-time';
import type { AlertFormState, JoinLinkState } from './alert-actions';

export const alertFormMessages: Record<NonNullable<AlertFormState['message']>, string> = {
  invalid: 'Не сохранено: исправьте отмеченные поля',
  no_recipients: 'Добавьте хотя бы одного получателя',
  saved: 'Сохранено',
};

export function alertSettingsErrorText(error: { code: AlertSettingsError; value?: string }): string {
  switch (error.code) {
    case 'chat_invalid':
      return `«${error.value ?? ''}» — не номер чата: нужен числовой id (у групп и каналов он с минусом) или @имя канала, по одному в строке`;
    case 'email_invalid':
      return `«${error.value ?? ''}» — не адрес e-mail: по одному адресу в строке, без имён и запятых`;
    case 'too_many':
      return 'Не больше 20 получателей в списке';
    case 'hours_format':
      return 'Укажите часы как 10:00–19:00 (московское время)';
    case 'hours_order':
      return 'Начало рабочего дня должно быть раньше конца (например, 10:00–19:00)';
    case 'days_empty':
      return 'Отметьте хотя бы один рабочий день';
  }
}

const outcomeTexts: Record<TestResult['outcome'], string> = {
  sent: 'доставлено',
  not_configured: 'канал не настроен на сервере',
  chat_not_found: 'чат не найден: напишите боту /start или добавьте его в группу',
  forbidden: 'бот не может писать в этот чат (его удалили или заблокировали)',
  unauthorized: 'Telegram не принял токен бота (TELEGRAM_BOT_TOKEN)',
  rate_limited: 'Telegram просит подождать, попробуйте через минуту',
  unreachable: 'сервер недоступен, попробуйте позже',
  link_refused: 'не принято',
  refused: 'не принято',
};

/** «Telegram 424242», «Telegram Анна Петрова» for a manager who joined by the link (`names`), «E-mail sales@school.example». */
export function recipientText(recipient: AlertRecipient, names: Record<string, string> = {}): string {
  if (recipient.channel === 'email') return `E-mail ${recipient.address}`;
  return `Telegram ${Object.hasOwn(names, recipient.address) ? names[recipient.address] : recipient.address}`;
}

export function testResultText({ recipient, outcome }: TestResult, names: Record<string, string> = {}): string {
  const where = recipientText(recipient, names);
  const detail =
    outcome === 'not_configured'
      ? recipient.channel === 'telegram'
        ? 'Telegram не настроен на сервере (нет TELEGRAM_BOT_TOKEN)'
        : 'почта не настроена на сервере (нет SMTP_URL)'
      : outcomeTexts[outcome];
  return `${where}: ${detail}`;
}

/** How far a lead's alert got; one written at night waits for the working hours, not for a retry. */
export function alertStateText({ status, held }: Pick<LeadAlertRow, 'status' | 'held'>): string {
  switch (status) {
    case 'pending':
      return held ? 'ждёт рабочего времени' : 'ждёт отправки';
    case 'sending':
      return 'отправляется';
    case 'sent':
      return 'доставлено';
    case 'dead':
      return 'не доставлено';
    case 'withheld':
      return 'задержано: заявка похожа на спам';
  }
}

export const joinLinkRefusalTexts: Record<'telegram_off' | 'bot_unreachable', string> = {
  telegram_off: 'Telegram не подключён на сервере (нет TELEGRAM_BOT_TOKEN): попросите разработчика подключить бота',
  bot_unreachable: 'Не удалось узнать у Telegram имя бота: проверьте TELEGRAM_BOT_TOKEN или попробуйте через минуту',
};

/** Under the link and its QR code: what the manager does, and until when the link works. */
export function joinLinkNote(state: Extract<JoinLinkState, { outcome: 'created' }>): string {
  return `Менеджер открывает ссылку (или наводит камеру телефона на QR-код) и нажимает «Старт» («Start») в Telegram — и появится в списке выше. Ссылка одноразовая и действует до ${moscowTime(state.expiresAt)} (МСК).`;
}

/** A manager who joined by the link: «Анна Петрова (@anna)». */
export function managerText(manager: { name: string; username: string | null }): string {
  return manager.username && manager.name !== `@${manager.username}` ? `${manager.name} (@${manager.username})` : manager.name;
}
