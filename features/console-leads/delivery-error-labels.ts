import { moscowDayTime, moscowWhen } from '@/components/console/moscow-time';
import { pluralRu } from '@/lib/plural';
import type { DeliveryFailure, StoredFailure } from '@/lib/outbox-failures';
import type { RetryingDeliveries } from '@/server/repositories/delivery-queue';
import type { OutboxRow } from '@/server/repositories/outbox-rows';

/** The words of each code a GetCourse delivery's failure is stored as (lib/outbox-failures.ts), its detail at hand. */
const deliveryFailureTexts: Record<DeliveryFailure, (detail: string | null) => string> = {
  http_5xx: () => 'GetCourse не ответил (ошибка сервера)',
  http_4xx: (status) => {
    if (status === '429') return 'GetCourse просит подождать: слишком много запросов';
    if (status === '401' || status === '403') return 'GetCourse не пустил: проверьте ключ API';
    if (status === '404') return 'GetCourse не нашёл адрес: проверьте имя аккаунта';
    return `GetCourse отклонил запрос${status ? ` (код ${status})` : ''}`;
  },
  timeout: (ms) => (ms && /^\d+$/.test(ms) ? `GetCourse не ответил за ${Math.round(Number(ms) / 1000)} с` : 'GetCourse не ответил вовремя'),
  network: (code) => `Нет связи с GetCourse${code ? ` (${code})` : ''}`,
  not_json: () => 'GetCourse прислал непонятный ответ',
  refused: (message) => (message ? `GetCourse не принял заявку: «${message}»` : 'GetCourse не принял заявку'),
  lead_missing: () => 'Заявки уже нет в базе: отправлять нечего',
  unknown_kind: () => 'Эта версия сайта не умеет такую отправку: её сделает другая версия',
  crashed: (kind) => `Сбой сайта при отправке${kind ? ` (${kind})` : ''}`,
};

function isDeliveryFailure(code: string): code is DeliveryFailure {
  return Object.hasOwn(deliveryFailureTexts, code);
}

/**
 * A delivery's stored failure (`outbox.last_error_code` and its detail, as the worker and the GetCourse
 * client write them: server/getcourse/client.ts, server/deliveries/) in the team's words. A code this release
 * does not know (a newer one wrote it) is said as «Другая ошибка» with the code.
 */
export function deliveryErrorText({ code, detail }: StoredFailure): string {
  if (isDeliveryFailure(code)) return deliveryFailureTexts[code](detail);
  return `Другая ошибка: ${code}${detail ? ` (${detail})` : ''}`;
}

/**
 * What became of a delivery's last attempt, in a sentence: «GetCourse не ответил (ошибка сервера).
 * Следующая попытка — 16 декабря, 10:05 МСК»; for a delivery given up on, «…Попытки закончились».
 * Null when no attempt failed (or the last one succeeded).
 */
export function deliveryErrorSentence(delivery: Pick<OutboxRow, 'status' | 'lastError' | 'nextAttemptAt'>, now = Date.now()): string | null {
  if (delivery.lastError === null || delivery.status === 'sent') return null;
  const text = deliveryErrorText(delivery.lastError);
  if (delivery.status === 'dead') return `${text}. Попытки закончились: отправьте заново, когда причина устранена`;
  if (delivery.status === 'pending') return `${text}. Следующая попытка — ${moscowDayTime(delivery.nextAttemptAt, now)}`;
  return `${text}. Идёт новая попытка`;
}

/** The codes of GetCourse itself not answering (its server's error, no answer in time, no connection, an answer that is not its own): it may be down. */
const unavailable: ReadonlySet<string> = new Set<DeliveryFailure>(['http_5xx', 'timeout', 'network', 'not_json']);

/** Why a delivery waits, in the team's words: «GetCourse пока не отвечает» when it may be down, else its error. */
export function deliveryWaitReason(failure: StoredFailure): string {
  return unavailable.has(failure.code) ? 'GetCourse пока не отвечает' : deliveryErrorText(failure);
}

const leadForms = { one: 'заявка', few: 'заявки', many: 'заявок' };
const waitForms = { one: 'ждёт', few: 'ждут', many: 'ждут' };

/**
 * What «Заявки» says of the deliveries that wait after a failed attempt, one sentence a reason, instead of
 * pretending they went: «4 заявки ждут: GetCourse пока не отвечает, попробуем снова в 12:40».
 */
export function retryingSentences(retrying: readonly RetryingDeliveries[], now = Date.now()): string[] {
  const byReason = new Map<string, { count: number; nextAttemptAt: number }>();
  for (const group of retrying) {
    const reason = deliveryWaitReason(group.lastError);
    const known = byReason.get(reason);
    byReason.set(reason, {
      count: (known?.count ?? 0) + group.count,
      nextAttemptAt: Math.min(known?.nextAttemptAt ?? Infinity, group.nextAttemptAt),
    });
  }
  return [...byReason].map(
    ([reason, { count, nextAttemptAt }]) =>
      `${count} ${pluralRu(count, leadForms)} ${pluralRu(count, waitForms)}: ${reason}, попробуем снова ${moscowWhen(Math.max(nextAttemptAt, now), now)}`,
  );
}
