import type { DatabaseHandle } from '../db/connection';

export interface DeliveryHealth {
  /** Not delivered yet and still being tried: pending (first try or a retry) or being sent now. */
  waiting: number;
  /** Of the waiting ones, those that failed at least once. */
  retrying: number;
  /** Gave up after every attempt: a person has to look (re-send from the console). */
  dead: number;
  /** Age of the oldest waiting delivery; 0 when none waits. */
  oldestWaitingSeconds: number;
  /** When a delivery last reached GetCourse; null when none ever did. */
  lastSuccessAt: number | null;
}

/** One aggregate over the outbox (served by its status index), for the health check and the overview. */
export async function deliveryHealth(handle: DatabaseHandle, now = Date.now()): Promise<DeliveryHealth> {
  const row = await handle.db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn.sum<number | string | null>(eb.case().when('status', 'in', ['pending', 'sending']).then(1).else(0).end()).as('waiting'),
      eb.fn
        .sum<number | string | null>(eb.case().when(eb.and([eb('status', 'in', ['pending', 'sending']), eb('attempts', '>', 0)])).then(1).else(0).end())
        .as('retrying'),
      eb.fn.sum<number | string | null>(eb.case().when('status', '=', 'dead').then(1).else(0).end()).as('dead'),
      eb.fn.min<number | string | null>(eb.case().when('status', 'in', ['pending', 'sending']).then(eb.ref('created_at')).end()).as('oldest'),
      eb.fn.max<number | string | null>('sent_at').as('last_sent'),
    ])
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? null : Number(row.oldest);
  return {
    waiting: Number(row.waiting ?? 0),
    retrying: Number(row.retrying ?? 0),
    dead: Number(row.dead ?? 0),
    oldestWaitingSeconds: oldest === null ? 0 : Math.max(0, Math.floor((now - oldest) / 1000)),
    lastSuccessAt: row.last_sent === null ? null : Number(row.last_sent),
  };
}
