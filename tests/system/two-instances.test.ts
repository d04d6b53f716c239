/**
 * Several instances behind a load balancer: two `next start` on one PostgreSQL database, each with
 * its in-process worker, while GetCourse fails every other call. Every lead is delivered, none twice.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@/server/db/connection';
import { dealNumberFor } from '@/server/rules/deal-number';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { assertBuilt, freePort, leadBody, postLead, serverEnv, startNextServer, waitFor, type NextServer } from '@/tests/support/next-server';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';

const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();
if (!testDatabaseUrl) {
  console.warn('\n[system tests] TEST_DATABASE_URL is not set: the two-instance PostgreSQL test is SKIPPED.\n');
}

const LEADS = 120;
const CONCURRENCY = 8;

describe.skipIf(!testDatabaseUrl)('two instances on one PostgreSQL, GetCourse failing half the calls', () => {
  let gc: FakeGetCourse;
  let scratch: ScratchDatabase | undefined;
  let database: DatabaseHandle;
  let databaseUrl: string;
  const servers: NextServer[] = [];

  beforeAll(async () => {
    assertBuilt();
    gc = await startFakeGetCourse({ mode: 'flaky' });
    // A database of its own: other people's tests use the shared one at the same time.
    scratch = await createScratchDatabase(testDatabaseUrl!);
    databaseUrl = scratch.url;
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill('SIGKILL')));
    await database?.close();
    await gc?.close();
    await scratch?.drop();
  });

  it('delivers every lead exactly once', async () => {
    const env = serverEnv({ DATABASE_URL: databaseUrl, GETCOURSE_API_KEY: 'system-key', GETCOURSE_BASE_URL: gc.url });
    // Both start at once: they also race to migrate the empty database.
    servers.push(...(await Promise.all([freePort(), freePort()].map(async (port) => startNextServer(await port, env)))));

    const emails: string[] = [];
    let next = 0;
    const client = async () => {
      while (next < LEADS) {
        const server = servers[next % servers.length]!;
        next += 1;
        const { email, body } = leadBody('two-instances');
        const answer = await postLead(server.url, body);
        expect(answer).toEqual({ status: 200, message: 'Заявка принята' });
        emails.push(email);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));

    database = await openDatabase({ dialect: 'postgres', url: databaseUrl });
    await waitFor(
      'every delivery to be sent',
      async () => (await database.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length === 0,
      90_000,
    );

    const leads = await database.db.selectFrom('leads').select(['id', 'email']).execute();
    const dealPrefix = Number(
      (await database.db.selectFrom('settings').select('value').where('key', '=', 'deal_number_prefix').executeTakeFirstOrThrow()).value,
    );
    expect(leads.map((lead) => lead.email).sort()).toEqual([...emails].sort());
    expect(await database.db.selectFrom('gift_schedule_windows').select('id').execute()).toHaveLength(13);

    const deals = gc.received().filter((request) => request.path === '/pl/api/deals');
    const delivered = deals
      .filter((request) => request.outcome === 'success')
      .map((request) => (request.params as { deal: { deal_number: string } }).deal.deal_number);
    // Each lead reached GetCourse exactly once, under its own deal number.
    expect([...delivered].sort()).toEqual(leads.map((lead) => dealNumberFor(dealPrefix, lead.id)).sort());
    const failed = deals.filter((request) => request.outcome === 'error500').length;
    expect(failed).toBeGreaterThan(0);

    // Both instances did deliver.
    const sentBy = servers.map((server) => server.output().split('"event":"deliveries.sent"').length - 1);
    for (const count of sentBy) expect(count).toBeGreaterThan(0);
    expect(sentBy.reduce((a, b) => a + b, 0)).toBe(leads.length);

    console.log(
      `[two instances] ${leads.length} leads through 2 servers; GetCourse refused ${failed} of ${deals.length} calls; ` +
        `delivered ${delivered.length} (${sentBy.join(' + ')} by the two workers), none twice.`,
    );
  });

  it('one idempotency key sent to both instances at the same instant makes one lead and one outbox row', async () => {
    const KEYS = 20;
    const sent = await Promise.all(
      Array.from({ length: KEYS }, async (_, index) => {
        const { email, body } = leadBody('two-instances-key');
        const key = `${randomBytes(8).toString('hex')}-system-${index}`;
        // The same request, at once, through both instances (a proxy failing over a POST, a double tap).
        const answers = await Promise.all(servers.map((server) => postLead(server.url, body, { 'idempotency-key': key })));
        return { email, body, key, answers };
      }),
    );
    for (const { answers } of sent)
      expect(answers).toEqual([
        { status: 200, message: 'Заявка принята' },
        { status: 200, message: 'Заявка принята' },
      ]);

    const emails = sent.map((s) => s.email);
    const leads = await database.db.selectFrom('leads').select(['id', 'email', 'idempotency_key']).where('email', 'in', emails).execute();
    expect(leads).toHaveLength(KEYS);
    expect(new Set(leads.map((lead) => lead.idempotency_key))).toEqual(new Set(sent.map((s) => s.key)));
    const outbox = await database.db
      .selectFrom('outbox')
      .select('lead_id')
      .where(
        'lead_id',
        'in',
        leads.map((lead) => lead.id),
      )
      .execute();
    expect(outbox).toHaveLength(KEYS);

    // Later: a replay answers the same message; the key with other contents is refused.
    const first = sent[0]!;
    const other = servers[1]!;
    expect(await postLead(other.url, first.body, { 'idempotency-key': first.key })).toEqual({ status: 200, message: 'Заявка принята' });
    const changed = { ...first.body, contacts: { ...first.body.contacts, name: 'Другое Имя' } };
    expect((await postLead(other.url, changed, { 'idempotency-key': first.key })).status).toBe(422);
    expect(await database.db.selectFrom('leads').select('id').where('email', 'in', emails).execute()).toHaveLength(KEYS);
  });
});
