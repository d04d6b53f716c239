/**
 * The one place tests, end-to-end specs and benchmarks get a state that the site's own steps reach slowly
 * or not at all. Each goes through the repositories (a delivery is claimed and its result recorded as the
 * worker does); a state no repository method produces has a narrowly named test-only write here that
 * says why. Nothing else outside server/repositories/ writes a table.
 */
import { moscowToday } from '@/lib/calendar';
import type { DeliveryFailure } from '@/lib/outbox-failures';
import type { DatabaseHandle } from '../db/connection';
import type { Repositories } from '../repositories';
import type { DeliveryKind } from '../repositories/delivery-queue';
import type { NewLead } from '../repositories/leads';
import { claimRows } from '../repositories/outbox-rows';
import { sampleLead } from './fixtures';

/** A database and its repositories (a TestDatabase is one). */
export interface Seeded {
  handle: DatabaseHandle;
  repos: Repositories;
}

const LEASE_MS = 60_000;

/** Claims one delivery as a worker does; only a delivery pending and due at `at` can be. */
async function claim({ handle }: Seeded, deliveryId: number, at: number) {
  const [claimed] = await claimRows(handle.db, [deliveryId], at, LEASE_MS);
  if (!claimed) throw new Error(`delivery ${deliveryId} is not pending and due at ${new Date(at).toISOString()}`);
  return claimed;
}

/** A delivery GetCourse accepted at `at`: claimed and recorded sent, as the worker does. */
export async function deliverySent(database: Seeded, deliveryId: number, at = Date.now()): Promise<void> {
  await database.repos.deliveryQueue.markSent(await claim(database, deliveryId, at), at);
}

/** GetCourse's server error, the failure tests use when the kind does not matter. */
const serverError = { code: 'http_5xx', detail: '500' } as const satisfies { code: DeliveryFailure; detail: string };

/**
 * A delivery GetCourse refused `attempts` times with `failure`, as the worker records each refusal: then
 * pending until `retryAt`, or dead (given up on) when `retryAt` is null.
 */
export async function deliveryFailed(
  database: Seeded,
  deliveryId: number,
  {
    at = Date.now(),
    attempts = 1,
    failure = serverError,
    retryAt,
  }: { at?: number; attempts?: number; failure?: { code: DeliveryFailure; detail: string | null }; retryAt: number | null },
): Promise<void> {
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    // Every refusal but the last one leaves it due again at once.
    await database.repos.deliveryQueue.markFailed(await claim(database, deliveryId, at), { ...failure, retryAt: attempt === attempts ? retryAt : at }, at);
  }
}

/**
 * Test-only: a lead whose delivery is of a kind this release does not know (a release before or after it
 * may leave one in the outbox), so a test can see the worker fail it without calling GetCourse. The real
 * acceptance queues it; only its kind is forced past the type, which admits the known kinds alone. Its id.
 */
export async function deliveryOfUnknownKind({ repos }: Seeded, kind: string, now = Date.now()): Promise<number> {
  const { outboxId } = await repos.leads.accept(sampleLead({ createdAt: now }), { kind: kind as DeliveryKind, payload: {} });
  return outboxId!;
}

/**
 * Test-only: a delivery the worker already sent, made dead as if GetCourse had refused it `attempts`
 * times with `failure`. The end-to-end stack's worker sends a delivery within a second of its lead, so no
 * step of the site leaves one dead while a browser test waits; the console's re-send under the same deal
 * number is tested on this one. The site itself never turns a sent delivery dead.
 */
export async function sentDeliveryMadeDead(
  { handle }: Seeded,
  deliveryId: number,
  { attempts, failure = serverError }: { attempts: number; failure?: { code: DeliveryFailure; detail: string | null } },
): Promise<void> {
  const result = await handle.db
    .updateTable('outbox')
    .set({ status: 'dead', attempts, sent_at: null, last_error_code: failure.code, last_error_detail: failure.detail })
    .where('id', '=', deliveryId)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`delivery ${deliveryId} is not sent`);
}

/**
 * A lead the lead API held back as «Похоже на спам», stored as the acceptance stores one (the repository's
 * own `accept`, its deal delivery as the contact form's, held). The end-to-end stack holds none by itself:
 * its tests share addresses and e-mail templates, so its thresholds are out of reach. Its id and e-mail.
 */
export async function withheldLead({ repos }: Seeded, overrides: Partial<NewLead> = {}): Promise<{ id: number; email: string }> {
  const lead = sampleLead({ withheldSigns: ['address', 'email_pattern'], ...overrides });
  const { leadId } = await repos.leads.accept(lead, { kind: 'deal', payload: { productTitle: 'Заявка с сайта' } });
  return { id: leadId, email: lead.email };
}

/**
 * Test-only: split-test visitors shown `variant` as the site counted them before it kept their network
 * (migration 023 left those rows without one), which no repository method writes any more: the networks
 * a running test's figures come from must still count them.
 */
export async function splitTestVisitorsBeforeNetworks(
  { handle }: Seeded,
  testId: string,
  variant: number,
  visitors: readonly string[],
  at: number,
): Promise<void> {
  const day = moscowToday(new Date(at));
  await handle.db
    .insertInto('experiment_visitors')
    .values(visitors.map((visitor) => ({ experiment_id: testId, visitor, variant, day, at, network: null })))
    .execute();
}
