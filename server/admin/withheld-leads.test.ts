import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { emailBucket, emailPatternBucket } from '../leads/client-address';
import type { FloodSign } from '../rules/flood-signs';
import type { NewAlert } from '../repositories/alert-queue';
import { testAdminRuntime } from '../testing/admin';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { testDeliveryWorker } from '../testing/runtime';
import { runActionSteps, type OperatorRequest } from './action-steps';
import { deleteWithheldSteps, releaseWithheldSteps } from './withheld-leads';

const OPERATOR = 'anna@school.ru';
const RECIPIENT = 'telegram:111';
const LEASE = { leaseMs: 60_000 };

let gc: FakeGetCourse;
beforeAll(async () => {
  gc = await startFakeGetCourse();
});
afterAll(() => gc.close());

function form(fields: Record<string, string | number>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  return data;
}

describeEachDatabase('leads held back as «Похоже на спам»', (database) => {
  let now: number;
  let request: OperatorRequest;

  beforeEach(async () => {
    await database().clear();
    gc.reset();
    now = Date.now();
    request = { email: OPERATOR, runtime: testAdminRuntime(database()), now };
  });

  /** A lead as the lead API stores it: its deal delivery and one alert, held when it shows `signs`. */
  async function stored(signs: FloodSign[], email?: string) {
    const alert: NewAlert = { recipient: RECIPIENT, held: false, dueAt: now };
    const lead = sampleLead({ createdAt: now, withheldSigns: signs, ...(email ? { email } : {}) });
    const { leadId } = await database().repos.leads.accept(lead, { kind: 'deal', payload: { productTitle: 'Консультация' } }, undefined, [alert]);
    return { id: leadId, email: lead.email };
  }

  const deliveredEmails = () =>
    gc
      .received()
      .filter((received) => received.path === '/pl/api/deals' && received.outcome === 'success')
      .map((received) => (received.params as { user: { email: string } }).user.email);
  const dueAlertLeads = async () => (await database().repos.alertQueue.due(RECIPIENT, now)).map((alert) => alert.leadId);
  const worker = () => testDeliveryWorker(database().repos, { baseUrl: gc.url, timeoutMs: 10_000 });
  const release = (fields: Record<string, number>) => runActionSteps({ ...releaseWithheldSteps, answer: (ids: number[]) => ids }, request, form(fields));
  const erase = (fields: Record<string, number>) => runActionSteps({ ...deleteWithheldSteps, answer: (counts) => counts }, request, form(fields));

  it('stores a held lead with its delivery and alert `withheld`: no worker claims them, the others go as ever', async () => {
    const visitor = await stored([]);
    const flood = await stored(['address', 'email_pattern']);

    expect(await database().repos.leads.findLead(flood.id)).toMatchObject({ withheldSigns: ['address', 'email_pattern'] });
    expect((await database().repos.deliveryQueue.forLead(flood.id)).map((row) => row.status)).toEqual(['withheld']);
    expect((await database().repos.alertQueue.forLead(flood.id)).map((row) => row.status)).toEqual(['withheld']);

    // The workers' own claims: the delivery worker against the fake GetCourse, the alert worker's due list.
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(deliveredEmails()).toEqual([visitor.email]);
    expect(await worker().runOnce()).toMatchObject({ claimed: 0 });
    expect(await database().repos.deliveryQueue.claimDue({ now: now + 86_400_000, limit: 100, ...LEASE })).toEqual([]);
    expect(await dueAlertLeads()).toEqual([visitor.id]);
    expect(await database().repos.alertQueue.dueRecipients(now + 86_400_000, 10)).toEqual([RECIPIENT]);
    expect((await database().repos.alertQueue.due(RECIPIENT, now + 86_400_000)).map((alert) => alert.leadId)).toEqual([visitor.id]);

    // Waiting for a person is no delivery problem: the health of the queue does not count it.
    expect(await database().repos.deliveryQueue.health(now)).toMatchObject({ waiting: 0, dead: 0 });
    expect(await database().repos.leadQueries.withheld()).toEqual({ count: 1, newestId: flood.id });
  });

  it('«Выпустить» makes a held lead one like any other: delivered to GetCourse, its alert due, a row in «Журнал»', async () => {
    const flood = await stored(['network']);
    const other = await stored(['network']);

    expect(await release({ leadId: flood.id })).toEqual([flood.id]);
    expect((await database().repos.leads.findLead(flood.id))!.withheldSigns).toBeUndefined();
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(deliveredEmails()).toEqual([flood.email]);
    expect(await dueAlertLeads()).toEqual([flood.id]);
    // The other held lead stays held.
    expect((await database().repos.deliveryQueue.forLead(other.id)).map((row) => row.status)).toEqual(['withheld']);
    expect(await database().repos.audit.list()).toMatchObject([
      { actor: OPERATOR, action: 'withheld_release', subject: `lead ${flood.id}`, details: { leads: 1 }, at: now },
    ]);

    // Released again: nothing to do, no second row.
    expect(await release({ leadId: flood.id })).toEqual([]);
    expect(await database().repos.audit.list()).toHaveLength(1);
  });

  it('«Выпустить все» takes the held leads up to the newest the list showed, not one held after it', async () => {
    const first = await stored(['address']);
    const second = await stored(['address']);
    const shown = await database().repos.leadQueries.withheld();
    const later = await stored(['address']);

    expect(await release({ upTo: shown.newestId! })).toEqual([first.id, second.id]);
    expect(await worker().runOnce()).toMatchObject({ sent: 2 });
    expect(deliveredEmails().sort()).toEqual([first.email, second.email].sort());
    expect(await database().repos.leadQueries.withheld()).toEqual({ count: 1, newestId: later.id });
    expect(await database().repos.audit.list()).toMatchObject([{ action: 'withheld_release', subject: null, details: { leads: 2 } }]);
  });

  it('«Удалить» erases held leads as an erasure does (rows, delivery, alerts, e-mail counters), with a row in «Журнал»', async () => {
    const { repos, handle } = database();
    const visitor = await stored([]);
    const flood = [await stored(['email_pattern'], 'junk-1@flood.example'), await stored(['email_pattern'], 'junk-2@flood.example')];
    const key = request.runtime.hashKey;
    for (const { email } of flood) {
      await repos.rateLimit.hit(emailBucket(email, key), now);
      await repos.rateLimit.hit(emailPatternBucket(email, key), now);
    }
    await repos.rateLimit.hit(emailBucket(visitor.email, key), now);
    const later = await stored(['address']);

    expect(await erase({ upTo: flood[1]!.id })).toEqual({ leads: 2, deliveries: 2, deliveriesSent: 0, counterRows: 3 });
    const leads = await handle.db.selectFrom('leads').select('id').orderBy('id').execute();
    expect(leads.map((lead) => lead.id)).toEqual([visitor.id, later.id]);
    const outbox = await handle.db.selectFrom('outbox').select(['lead_id', 'alert_lead_id']).execute();
    expect(outbox.flatMap((row) => [row.lead_id, row.alert_lead_id]).filter((id) => id !== null && flood.some((lead) => lead.id === id))).toEqual([]);
    const buckets = await handle.db.selectFrom('rate_limit_counters').select('bucket').execute();
    expect(buckets.map((row) => row.bucket)).toEqual([emailBucket(visitor.email, key)]);
    expect(await repos.audit.list()).toMatchObject([{ actor: OPERATOR, action: 'withheld_delete', subject: null, details: { leads: 2, deliveries: 2 } }]);

    // One lead from its page; a lead that is not held is never taken by these buttons.
    expect(await erase({ leadId: visitor.id })).toEqual({ leads: 0, deliveries: 0, deliveriesSent: 0, counterRows: 0 });
    expect(await erase({ leadId: later.id })).toMatchObject({ leads: 1 });
    expect(await repos.leads.findLead(visitor.id)).toBeDefined();
    expect(await repos.audit.list()).toMatchObject([{ action: 'withheld_delete', subject: `lead ${later.id}` }, { action: 'withheld_delete' }]);
  });

  it('lists held leads apart: «Похоже на спам» in the filter, not among the leads without spam, not in the figures', async () => {
    const { repos } = database();
    const visitor = await stored([]);
    const flood = await stored(['campaign_burst']);
    const ids = async (spam: 'withheld' | 'exclude' | undefined) => (await repos.leadQueries.list({ spam })).rows.map((row) => [row.id, row.withheld]);
    expect(await ids('withheld')).toEqual([[flood.id, true]]);
    expect(await ids('exclude')).toEqual([[visitor.id, false]]);
    expect(await ids(undefined)).toEqual([
      [flood.id, true],
      [visitor.id, false],
    ]);
    expect((await repos.leadQueries.counts('form', now)).map((row) => row.month)).toEqual([1]);
    // Held, it keeps what the visitor typed however old it gets: the retention blanks delivered leads only.
    expect(await repos.leads.anonymizeDelivered(now + 1, now)).toBe(0);
    expect(await repos.leads.findLead(flood.id)).toMatchObject({ email: flood.email });
  });
});
