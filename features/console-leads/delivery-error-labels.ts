import { moscowDayTime, moscowWhen } from '@/components/console/moscow-time';
import { pluralRu } from '@/lib/plural';
import type { RetryingDeliveries } from '@/server/repositories/delivery-queue';
import type { OutboxRow } from '@/server/repositories/outbox-rows';

/**
 * A delivery's stored error (`outbox.last_error`, English, as the worker and the GetCourse client write
 * it: server/getcourse/client.ts, server/outbox/) in the team's words. A text none of these rules knows
 * is shown as stored after «Другая ошибка».
 */
export function deliveryErrorText(error: string): string {
  const http = /^HTTP (\d{3})$/.exec(error);
  if (http) {
    const status = Number(http[1]);
    if (status >= 500) return 'GetCourse не ответил (ошибка сервера)';
    if (status === 429) return 'GetCourse просит подождать: слишком много запросов';
    if (status === 401 || status === 403) return 'GetCourse не пустил: проверьте ключ API';
    if (status === 404) return 'GetCourse не нашёл адрес: проверьте имя аккаунта';
    return `GetCourse отклонил запрос (код ${status})`;
  }
  const timeout = /^no answer within (\d+) ms$/.exec(error);
  if (timeout) return `GetCourse не ответил за ${Math.round(Number(timeout[1]) / 1000)} с`;
  const network = /^network error(?: \(([^)]+)\))?$/.exec(error);
  if (network) return `Нет связи с GetCourse${network[1] ? ` (${network[1]})` : ''}`;
  if (error === 'GetCourse answered something other than JSON') return 'GetCourse прислал непонятный ответ';
  const refused = /^GetCourse refused the import(?:: ([\s\S]*))?$/.exec(error);
  if (refused) return refused[1] ? `GetCourse не принял заявку: «${refused[1]}»` : 'GetCourse не принял заявку';
  if (error === 'the lead of this delivery is missing') return 'Заявки уже нет в базе: отправлять нечего';
  if (/^unknown delivery kind /.test(error)) return 'Эта версия сайта не умеет такую отправку: её сделает другая версия';
  const failed = /^delivery failed \((.+)\)$/.exec(error);
  if (failed) return `Сбой сайта при отправке (${failed[1]})`;
  return `Другая ошибка: ${error}`;
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

/** GetCourse itself did not answer (its server's error, no answer in time, no connection, an answer that is not its own): it may be down. */
function getCourseUnavailable(error: string): boolean {
  const http = /^HTTP (\d{3})$/.exec(error);
  if (http) return Number(http[1]) >= 500;
  return /^no answer within \d+ ms$/.test(error) || /^network error/.test(error) || error === 'GetCourse answered something other than JSON';
}

/** Why a delivery waits, in the team's words: «GetCourse пока не отвечает» when it may be down, else its error. */
export function deliveryWaitReason(error: string): string {
  return getCourseUnavailable(error) ? 'GetCourse пока не отвечает' : deliveryErrorText(error);
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
