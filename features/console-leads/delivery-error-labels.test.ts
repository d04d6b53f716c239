import { describe, expect, it } from 'vitest';
import { deliveryErrorSentence, deliveryErrorText, retryingSentences } from './delivery-error-labels';

describe('a delivery error in words', () => {
  it('names each error the GetCourse client and the worker store', () => {
    expect(deliveryErrorText('HTTP 500')).toBe('GetCourse не ответил (ошибка сервера)');
    expect(deliveryErrorText('HTTP 503')).toBe('GetCourse не ответил (ошибка сервера)');
    expect(deliveryErrorText('HTTP 429')).toBe('GetCourse просит подождать: слишком много запросов');
    expect(deliveryErrorText('HTTP 403')).toBe('GetCourse не пустил: проверьте ключ API');
    expect(deliveryErrorText('HTTP 404')).toBe('GetCourse не нашёл адрес: проверьте имя аккаунта');
    expect(deliveryErrorText('HTTP 400')).toBe('GetCourse отклонил запрос (код 400)');
    expect(deliveryErrorText('no answer within 10000 ms')).toBe('GetCourse не ответил за 10 с');
    expect(deliveryErrorText('network error (ECONNREFUSED)')).toBe('Нет связи с GetCourse (ECONNREFUSED)');
    expect(deliveryErrorText('network error')).toBe('Нет связи с GetCourse');
    expect(deliveryErrorText('GetCourse answered something other than JSON')).toBe('GetCourse прислал непонятный ответ');
    expect(deliveryErrorText('GetCourse refused the import: Неверный email')).toBe('GetCourse не принял заявку: «Неверный email»');
    expect(deliveryErrorText('GetCourse refused the import')).toBe('GetCourse не принял заявку');
    expect(deliveryErrorText('the lead of this delivery is missing')).toBe('Заявки уже нет в базе: отправлять нечего');
    expect(deliveryErrorText('unknown delivery kind "sms"')).toMatch(/^Эта версия сайта не умеет такую отправку/);
    expect(deliveryErrorText('delivery failed (TypeError)')).toBe('Сбой сайта при отправке (TypeError)');
    expect(deliveryErrorText('something new')).toBe('Другая ошибка: something new');
  });

  it('says when the next attempt comes, or that the attempts ran out', () => {
    const now = Date.UTC(2026, 11, 16, 6, 0);
    const nextAttemptAt = Date.UTC(2026, 11, 16, 7, 5);
    expect(deliveryErrorSentence({ status: 'pending', lastError: 'HTTP 500', nextAttemptAt }, now)).toBe(
      'GetCourse не ответил (ошибка сервера). Следующая попытка — 16 декабря, 10:05 МСК',
    );
    expect(deliveryErrorSentence({ status: 'dead', lastError: 'HTTP 500', nextAttemptAt }, now)).toBe(
      'GetCourse не ответил (ошибка сервера). Попытки закончились: отправьте заново, когда причина устранена',
    );
    expect(deliveryErrorSentence({ status: 'pending', lastError: null, nextAttemptAt }, now)).toBeNull();
    expect(deliveryErrorSentence({ status: 'sent', lastError: 'HTTP 500', nextAttemptAt }, now)).toBeNull();
  });

  it('says how many leads wait and why, GetCourse being down said once for its every symptom, and when the next attempt comes', () => {
    const now = Date.UTC(2026, 11, 16, 9, 30);
    const at = (hour: number, minute: number) => Date.UTC(2026, 11, 16, hour - 3, minute);
    expect(
      retryingSentences(
        [
          { lastError: 'HTTP 502', count: 3, nextAttemptAt: at(12, 41) },
          { lastError: 'no answer within 10000 ms', count: 1, nextAttemptAt: at(12, 40) },
          { lastError: 'HTTP 403', count: 1, nextAttemptAt: Date.UTC(2026, 11, 17, 7, 5) },
        ],
        now,
      ),
    ).toEqual([
      '4 заявки ждут: GetCourse пока не отвечает, попробуем снова в 12:40',
      '1 заявка ждёт: GetCourse не пустил: проверьте ключ API, попробуем снова 17 декабря, 10:05 МСК',
    ]);
    // An attempt already due is said as now, not in the past.
    expect(retryingSentences([{ lastError: 'network error', count: 21, nextAttemptAt: now - 60_000 }], now)).toEqual([
      '21 заявка ждёт: GetCourse пока не отвечает, попробуем снова в 12:30',
    ]);
    expect(retryingSentences([], now)).toEqual([]);
  });
});
