import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { legacyDealNumberFor, leadIdOfDealNumber } from '../rules/deal-number';
import { createRepositories } from '../repositories';
import { createPostgresDatabase, createSqliteDatabase, describeEachDatabase, testDatabaseUrl } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import type { Dialect } from './connection';
import { createMigrator, migrateToLatest } from './migrate';
import { initialMigration } from './migrations/001-initial';
import { christmasScheduleMigration } from './migrations/002-christmas-schedule';
import type { Database } from './schema';

/** Brings a database to the schema before idempotency keys (001 and 002 only), as an installation already running has it. */
async function migrateToBeforeIssue15(db: Kysely<Database>, dialect: Dialect) {
  const migrator = await createMigrator(db, dialect, { '001-initial': initialMigration(dialect), '002-christmas-schedule': christmasScheduleMigration });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

describeEachDatabase(
  'migration 004: idempotency keys and the deal-number prefix',
  (database) => {
    it('keeps the numbers of deals queued and sent before it; new leads get numbers of this installation', async () => {
      const { handle, dialect } = database();
      await migrateToBeforeIssue15(handle.db, dialect);

      // A lead of the old code: its deal number was 1 000 000 000 + id, stored in its outbox row.
      const { id: oldLeadId } = await handle.db
        .insertInto('leads')
        .values({
          created_at: 1,
          form_id: 'contact',
          product_name: 'contact',
          event: 'lead',
          name: 'Анна',
          email: 'old@example.com',
          phone: '+79161234567',
          page_path: '/',
          consent_text_version: '2026-01',
          is_spam: 0,
          delivery_mode: 'deal',
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await handle.db
        .insertInto('outbox')
        .values({
          kind: 'deal',
          lead_id: oldLeadId,
          deal_number: legacyDealNumberFor(oldLeadId),
          payload: '{}',
          status: 'sent',
          attempts: 1,
          next_attempt_at: 1,
          created_at: 1,
          updated_at: 1,
          sent_at: 1,
        })
        .execute();

      await migrateToLatest(handle);
      const repos = createRepositories(handle);
      const [old] = await repos.deliveryQueue.forLead(oldLeadId);
      expect(old?.dealNumber).toBe(legacyDealNumberFor(oldLeadId));

      const { leadId } = await repos.leads.accept(sampleLead(), { kind: 'deal', payload: { productTitle: 'Заявка' } });
      const [fresh] = await repos.deliveryQueue.forLead(leadId);
      const prefix = await repos.settings.dealNumberPrefix();
      expect(fresh?.dealNumber).toBe(`${prefix}${String(leadId).padStart(9, '0')}`);
      expect(fresh?.dealNumber).not.toBe(legacyDealNumberFor(leadId));
      expect(leadIdOfDealNumber(fresh!.dealNumber!)).toBe(leadId);
    });
  },
  { migrate: false },
);

describeEachDatabase('deal numbers across databases', (database) => {
  it('a new database never makes a deal number an older one has used: same lead ids, different numbers', async () => {
    const { dialect } = database();
    const older = database();
    const newer = dialect === 'postgres' ? await createPostgresDatabase(testDatabaseUrl!) : await createSqliteDatabase();
    try {
      const numbers = async (repos: typeof older.repos) => {
        const made: { leadId: number; dealNumber: string }[] = [];
        for (let i = 0; i < 3; i++) {
          const { leadId } = await repos.leads.accept(sampleLead(), { kind: 'deal', payload: { productTitle: 'Заявка' } });
          made.push({ leadId, dealNumber: (await repos.deliveryQueue.forLead(leadId))[0]!.dealNumber! });
        }
        return made;
      };
      const before = await numbers(older.repos);
      const after = await numbers(newer.database.repos);
      expect(after.map((n) => n.leadId)).toEqual(before.map((n) => n.leadId)); // both start at 1
      const used = new Set(before.map((n) => n.dealNumber));
      for (const { dealNumber } of after) expect(used.has(dealNumber)).toBe(false);
      expect(await newer.database.repos.settings.dealNumberPrefix()).not.toBe(await older.repos.settings.dealNumberPrefix());
    } finally {
      await newer.dispose();
    }
  });
});
