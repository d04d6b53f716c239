import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { emailBucket } from '../leads/client-address';
import { describeEachDatabase, type TestDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { deliverySent } from '../testing/seed';
import { eraseVisitor } from './erase';

const hashKey = 'erase-test-key-'.repeat(3);
const windowStart = 60 * 60_000;

describeEachDatabase('erasing a visitor', (database) => {
  beforeEach(() => database().clear());

  /** Two leads of the visitor (one delivered, one waiting), a browser-posted one, and their counter. */
  async function seedVisitor(storedEmail: string) {
    const { repos } = database();
    const delivered = await repos.leads.accept(sampleLead({ email: storedEmail }), { kind: 'deal', payload: {} });
    await deliverySent(database(), delivered.outboxId!);
    await repos.leads.accept(sampleLead({ email: storedEmail }), { kind: 'deal', payload: {} });
    await repos.leads.accept(sampleLead({ email: storedEmail, deliveryMode: 'browser' }), null);
    await repos.rateLimit.hit(emailBucket(storedEmail, hashKey), windowStart);
    await repos.rateLimit.hit(emailBucket(storedEmail, hashKey), 2 * windowStart);
  }

  async function rowsOf({ handle }: TestDatabase) {
    return {
      leads: await handle.db.selectFrom('leads').select(['id', 'email']).orderBy('id').execute(),
      outbox: await handle.db.selectFrom('outbox').select(['id', 'lead_id']).orderBy('id').execute(),
      counters: await handle.db.selectFrom('rate_limit_counters').select(['bucket', 'window_start']).orderBy('bucket').orderBy('window_start').execute(),
    };
  }

  it("removes the visitor's leads, their deliveries and counters, and nobody else's", async () => {
    const { repos } = database();
    const other = await repos.leads.accept(sampleLead({ email: 'boris@example.com' }), { kind: 'deal', payload: {} });
    await repos.rateLimit.hit(emailBucket('boris@example.com', hashKey), windowStart);
    await repos.rateLimit.hit('lead-site', windowStart);
    const untouched = await rowsOf(database());
    await seedVisitor('Anna.Petrova@Example.com');

    // Typed differently from the stored spelling: case and surrounding spaces do not matter.
    expect(await eraseVisitor(database().repos, '  anna.petrova@EXAMPLE.com ', hashKey)).toEqual({
      leads: 3,
      deliveries: 2,
      deliveriesSent: 1,
      counterRows: 2,
    });
    expect(await rowsOf(database())).toEqual(untouched);
    expect(await repos.leads.findLead(other.leadId)).toMatchObject({ email: 'boris@example.com' });

    expect(await eraseVisitor(database().repos, 'anna.petrova@example.com', hashKey)).toEqual({ leads: 0, deliveries: 0, deliveriesSent: 0, counterRows: 0 });
  });

  it('is all or nothing: a failure on the last delete leaves every row in place', async () => {
    const { handle, dialect } = database();
    await seedVisitor('anna@example.com');
    const before = await rowsOf(database());
    // Counters are deleted last: make that statement fail inside the transaction.
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_delete before delete on rate_limit_counters begin select raise(abort, 'injected failure'); end`.execute(handle.db);
    } else {
      await sql`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(handle.db);
      await sql`create trigger refuse_delete before delete on rate_limit_counters for each row execute function refuse_delete()`.execute(handle.db);
    }
    try {
      await expect(eraseVisitor(database().repos, 'anna@example.com', hashKey)).rejects.toThrow(/injected failure/);
      expect(await rowsOf(database())).toEqual(before);
    } finally {
      await sql`drop trigger refuse_delete${sql.raw(dialect === 'postgres' ? ' on rate_limit_counters' : '')}`.execute(handle.db);
      if (dialect === 'postgres') await sql`drop function refuse_delete()`.execute(handle.db);
    }
    expect(await eraseVisitor(database().repos, 'anna@example.com', hashKey)).toMatchObject({ leads: 3, counterRows: 2 });
  });
});
