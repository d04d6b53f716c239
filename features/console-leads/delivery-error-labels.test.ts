import { describe, expect, it } from 'vitest';
import { DELIVERY_FAILURES } from '@/lib/outbox-failures';
import { deliveryErrorSentence, deliveryErrorText, retryingSentences } from './delivery-error-labels';

describe('a delivery error in words', () => {
  it('names each code the GetCourse client and the worker store, with its detail', () => {
    expect(deliveryErrorText({ code: 'http_5xx', detail: '500' })).toBe('GetCourse не ответил (ошибка сервера)');
    expect(deliveryErrorText({ code: 'http_5xx', detail: '503' })).toBe('GetCourse не ответил (ошибка сервера)');
    expect(deliveryErrorText({ code: 'http_4xx', detail: '429' })).toBe('GetCourse просит подождать: слишком много запросов');
    expect(deliveryErrorText({ code: 'http_4xx', detail: '403' })).toBe('GetCourse не пустил: проверьте ключ API');
    expect(deliveryErrorText({ code: 'http_4xx', detail: '404' })).toBe('GetCourse не нашёл адрес: проверьте имя аккаунта');
    expect(deliveryErrorText({ code: 'http_4xx', detail: '400' })).toBe('GetCourse отклонил запрос (код 400)');
    expect(deliveryErrorText({ code: 'timeout', detail: '10000' })).toBe('GetCourse не ответил за 10 с');
    expect(deliveryErrorText({ code: 'network', detail: 'ECONNREFUSED' })).toBe('Нет связи с GetCourse (ECONNREFUSED)');
    expect(deliveryErrorText({ code: 'network', detail: null })).toBe('Нет связи с GetCourse');
    expect(deliveryErrorText({ code: 'not_json', detail: null })).toBe('GetCourse прислал непонятный ответ');
    expect(deliveryErrorText({ code: 'refused', detail: 'Неверный email' })).toBe('GetCourse не принял заявку: «Неверный email»');
    expect(deliveryErrorText({ code: 'refused', detail: null })).toBe('GetCourse не принял заявку');
    expect(deliveryErrorText({ code: 'lead_missing', detail: null })).toBe('Заявки уже нет в базе: отправлять нечего');
    expect(deliveryErrorText({ code: 'unknown_kind', detail: 'sms' })).toMatch(/^Эта версия сайта не умеет такую отправку/);
    expect(deliveryErrorText({ code: 'crashed', detail: 'TypeError' })).toBe('Сбой сайта при отправке (TypeError)');
    // A code a newer release wrote.
    expect(deliveryErrorText({ code: 'quota', detail: '7' })).toBe('Другая ошибка: quota (7)');
  });

  it('has words of its own for every code a delivery can fail with', () => {
    for (const code of DELIVERY_FAILURES) expect(deliveryErrorText({ code, detail: null })).not.toMatch(/^Другая ошибка/);
  });

  it('says when the next attempt comes, or that the attempts ran out', () => {
    const now = Date.UTC(2026, 11, 16, 6, 0);
    const nextAttemptAt = Date.UTC(2026, 11, 16, 7, 5);
    expect(deliveryErrorSentence({ status: 'pending', lastError: { code: 'http_5xx', detail: '500' }, nextAttemptAt }, now)).toBe(
      'GetCourse не ответил (ошибка сервера). Следующая попытка — 16 декабря, 10:05 МСК',
    );
    expect(deliveryErrorSentence({ status: 'dead', lastError: { code: 'http_5xx', detail: '500' }, nextAttemptAt }, now)).toBe(
      'GetCourse не ответил (ошибка сервера). Попытки закончились: отправьте заново, когда причина устранена',
    );
    expect(deliveryErrorSentence({ status: 'pending', lastError: null, nextAttemptAt }, now)).toBeNull();
    expect(deliveryErrorSentence({ status: 'sent', lastError: { code: 'http_5xx', detail: '500' }, nextAttemptAt }, now)).toBeNull();
  });

  it('says how many leads wait and why, GetCourse being down said once for its every symptom, and when the next attempt comes', () => {
    const now = Date.UTC(2026, 11, 16, 9, 30);
    const at = (hour: number, minute: number) => Date.UTC(2026, 11, 16, hour - 3, minute);
    expect(
      retryingSentences(
        [
          { lastError: { code: 'http_5xx', detail: '502' }, count: 3, nextAttemptAt: at(12, 41) },
          { lastError: { code: 'timeout', detail: '10000' }, count: 1, nextAttemptAt: at(12, 40) },
          { lastError: { code: 'http_4xx', detail: '403' }, count: 1, nextAttemptAt: Date.UTC(2026, 11, 17, 7, 5) },
        ],
        now,
      ),
    ).toEqual([
      '4 заявки ждут: GetCourse пока не отвечает, попробуем снова в 12:40',
      '1 заявка ждёт: GetCourse не пустил: проверьте ключ API, попробуем снова 17 декабря, 10:05 МСК',
    ]);
    // An attempt already due is said as now, not in the past.
    expect(retryingSentences([{ lastError: { code: 'network', detail: null }, count: 21, nextAttemptAt: now - 60_000 }], now)).toEqual([
      '21 заявка ждёт: GetCourse пока не отвечает, попробуем снова в 12:30',
    ]);
    expect(retryingSentences([], now)).toEqual([]);
  });
});
