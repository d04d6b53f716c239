import { describe, expect, it } from 'vitest';
import { ALERT_FAILURES } from '@/lib/outbox-failures';
import { alertFailureText, alertSettingsErrorText, alertStateText, recipientText, testResultText } from './alert-labels';

describe('the «Уведомления» page in Russian', () => {
  it('explains each refused field', () => {
    expect(alertSettingsErrorText({ code: 'chat_invalid', value: 'abc' })).toMatch(/^«abc» — не номер чата/);
    expect(alertSettingsErrorText({ code: 'hours_format' })).toBe('Укажите часы как 10:00–19:00 (московское время)');
    expect(alertSettingsErrorText({ code: 'days_empty' })).toBe('Отметьте хотя бы один рабочий день');
  });

  it('says how each test went, per recipient', () => {
    expect(testResultText({ recipient: { channel: 'telegram', address: '42' }, outcome: 'sent' })).toBe('Telegram 42: доставлено');
    expect(testResultText({ recipient: { channel: 'email', address: 'a@b.example' }, outcome: 'not_configured' })).toBe(
      'E-mail a@b.example: почта не настроена на сервере (нет SMTP_URL)',
    );
    expect(testResultText({ recipient: { channel: 'telegram', address: '42' }, outcome: 'chat_not_found' })).toContain('чат не найден');
    expect(testResultText({ recipient: { channel: 'telegram', address: '42' }, outcome: 'link_refused' })).toBe('Telegram 42: не принято');
  });

  it("names a lead's alert's recipient and state, a held one waiting for the working hours", () => {
    expect(recipientText({ channel: 'telegram', address: '-1001234567890' })).toBe('Telegram -1001234567890');
    expect(recipientText({ channel: 'email', address: 'sales@school.example' })).toBe('E-mail sales@school.example');
    expect(alertStateText({ status: 'pending', held: true })).toBe('ждёт рабочего времени');
    expect(alertStateText({ status: 'pending', held: false })).toBe('ждёт отправки');
    expect(alertStateText({ status: 'sent', held: true })).toBe('доставлено');
    expect(alertStateText({ status: 'dead', held: false })).toBe('не доставлено');
  });

  it('words why an alert of a lead did not go from its stored code, the answer of the service after it where it helps', () => {
    expect(alertFailureText({ code: 'chat_not_found', detail: '400: Bad Request: chat not found' })).toBe(
      'чат не найден: напишите боту /start или добавьте его в группу',
    );
    expect(alertFailureText({ code: 'unreachable', detail: 'timeout 10000 ms' })).toBe('сервер недоступен, попробуйте позже');
    expect(alertFailureText({ code: 'refused', detail: 'SMTP EENVELOPE 550' })).toBe('не принято (SMTP EENVELOPE 550)');
    expect(alertFailureText({ code: 'crashed', detail: 'TypeError' })).toBe('сбой сайта при отправке (TypeError)');
    // A code a newer release wrote.
    expect(alertFailureText({ code: 'quota', detail: '7' })).toBe('другая ошибка: quota (7)');
    for (const code of ALERT_FAILURES) expect(alertFailureText({ code, detail: null })).not.toMatch(/^другая ошибка/);
  });
});
