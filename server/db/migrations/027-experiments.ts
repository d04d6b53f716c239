import { sql } from 'kysely';
import type { PastSchema } from './past-schema';

/**
 * One experiments engine: pop-up split tests (010, 019, 023) and page tests (020) become rows of one set
 * of tables, whatever a variant changes:
 * - `experiments`: one row a test; `kind` (`popup`, `page`) and `subject` (the pop-up's id, the page's
 *   address) say what is tested and where it is served; its state (`draft`, `running`, `stopped`, `kept`:
 *   a pop-up test's `decided` is `kept`), a version raised by every edit (the page serving caches key on
 *   it), the planned visitors a variant, who made, started and ended it (actor codes, as before), the
 *   variant kept, whether the verdict job keeps the winner by itself and when it announced the verdict. At
 *   most one running test a subject (a partial unique index, so two instances starting at once cannot
 *   both win). No foreign key to the pop-ups: a test's figures outlive its subject, as a page's did.
 * - `experiment_variants`: A first, each variant's changes as JSON (a pop-up's texts; a page's headline,
 *   line under it, button and leading tariff, null keeping the page's own).
 * - `experiment_visitors`: one row a visitor shown (served) a variant, once a test, with their network.
 * - `experiment_conversions`: one row a visitor whose accepted lead counted for the variant they were
 *   shown, once a test, with the lead's id (null for pop-up leads counted before 027; its deal brings the
 *   money) and their network.
 * Network null: counted before networks were kept, a network of its own. Every row of the old tables is
 * copied under the same test ids and variant numbers, so running tests keep running (a visitor keeps
 * their variant: assignment hashes the test's id), then the old tables are dropped.
 */
export const experimentsMigration = {
  async up(db: PastSchema) {
    await db.schema
      .createTable('experiments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('planned_visitors', 'integer', (c) => c.notNull())
      .addColumn('auto_keep', 'integer', (c) => c.notNull().defaultTo(sql`0`))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('started_by', 'text')
      .addColumn('stopped_at', 'bigint')
      .addColumn('stopped_by', 'text')
      .addColumn('winner', 'integer')
      .addColumn('verdict_at', 'bigint')
      .execute();
    await db.schema.createIndex('experiments_by_subject').on('experiments').columns(['kind', 'subject', 'created_at']).execute();
    await db.schema
      .createIndex('experiments_one_running')
      .unique()
      .on('experiments')
      .columns(['kind', 'subject'])
      .where(sql.ref('status'), '=', 'running')
      .execute();
    await db.schema
      .createTable('experiment_variants')
      .addColumn('experiment_id', 'text', (c) => c.notNull().references('experiments.id').onDelete('cascade'))
      .addColumn('variant', 'integer', (c) => c.notNull())
      .addColumn('changes', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('experiment_variants_key', ['experiment_id', 'variant'])
      .execute();
    for (const table of ['experiment_visitors', 'experiment_conversions']) {
      await db.schema
        .createTable(table)
        .addColumn('experiment_id', 'text', (c) => c.notNull().references('experiments.id').onDelete('cascade'))
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('variant', 'integer', (c) => c.notNull())
        .$call((t) => (table === 'experiment_conversions' ? t.addColumn('lead_id', 'integer') : t))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('network', 'text')
        .addPrimaryKeyConstraint(`${table}_key`, ['experiment_id', 'visitor'])
        .execute();
    }
    await db.schema.createIndex('experiment_conversions_by_lead').on('experiment_conversions').column('lead_id').execute();

    await copyPopupTests(db);
    await copyPageTests(db);

    for (const table of [
      'popup_test_exposures',
      'popup_test_conversions',
      'popup_tests',
      'page_test_leads',
      'page_test_visitors',
      'page_test_variants',
      'page_tests',
    ])
      await db.schema.dropTable(table).execute();
  },
};

async function copyPopupTests(db: PastSchema) {
  const tests: Record<string, string | number | null>[] = await db.selectFrom('popup_tests').selectAll().execute();
  for (const test of tests) {
    await db
      .insertInto('experiments')
      .values({
        id: test.id,
        kind: 'popup',
        subject: test.popup_id,
        status: test.status === 'decided' ? 'kept' : test.status,
        version: 1,
        planned_visitors: test.planned_shows,
        auto_keep: test.auto_keep,
        created_at: test.started_at,
        created_by: test.started_by,
        updated_at: test.stopped_at ?? test.started_at,
        started_at: test.started_at,
        started_by: test.started_by,
        stopped_at: test.stopped_at,
        stopped_by: test.stopped_by,
        winner: test.winner,
        verdict_at: test.verdict_at,
      })
      .execute();
    const variants = JSON.parse(String(test.variants)) as unknown[];
    await db
      .insertInto('experiment_variants')
      .values(variants.map((changes, variant) => ({ experiment_id: test.id, variant, changes: JSON.stringify(changes) })))
      .execute();
  }
  await db
    .insertInto('experiment_visitors')
    .columns(['experiment_id', 'visitor', 'variant', 'day', 'at', 'network'])
    .expression(db.selectFrom('popup_test_exposures').select(['test_id', 'visitor', 'variant', 'day', 'at', 'network']))
    .execute();
  await db
    .insertInto('experiment_conversions')
    .columns(['experiment_id', 'visitor', 'variant', 'lead_id', 'day', 'at', 'network'])
    .expression(db.selectFrom('popup_test_conversions').select(['test_id', 'visitor', 'variant', sql`null`.as('lead_id'), 'day', 'at', 'network']))
    .execute();
}

async function copyPageTests(db: PastSchema) {
  await db
    .insertInto('experiments')
    .columns([
      'id',
      'kind',
      'subject',
      'status',
      'version',
      'planned_visitors',
      'created_at',
      'created_by',
      'updated_at',
      'started_at',
      'started_by',
      'stopped_at',
      'stopped_by',
      'winner',
    ])
    .expression(
      db
        .selectFrom('page_tests')
        .select([
          'id',
          sql`'page'`.as('kind'),
          'page_path',
          'status',
          'version',
          'planned_visitors',
          'created_at',
          'created_by',
          'updated_at',
          'started_at',
          'started_by',
          'stopped_at',
          'stopped_by',
          'winner',
        ]),
    )
    .execute();
  const variants: Record<string, string | number | null>[] = await db.selectFrom('page_test_variants').selectAll().execute();
  for (const row of variants) {
    const changes = { headline: row.headline, subheadline: row.subheadline, buttonLabel: row.button_label, leadTariff: row.lead_tariff };
    await db
      .insertInto('experiment_variants')
      .values({ experiment_id: row.test_id, variant: row.variant, changes: JSON.stringify(changes) })
      .execute();
  }
  await db
    .insertInto('experiment_visitors')
    .columns(['experiment_id', 'visitor', 'variant', 'day', 'at', 'network'])
    .expression(db.selectFrom('page_test_visitors').select(['test_id', 'visitor', 'variant', 'day', 'at', sql`null`.as('network')]))
    .execute();
  await db
    .insertInto('experiment_conversions')
    .columns(['experiment_id', 'visitor', 'variant', 'lead_id', 'day', 'at', 'network'])
    .expression(db.selectFrom('page_test_leads').select(['test_id', 'visitor', 'variant', 'lead_id', 'day', 'at', sql`null`.as('network')]))
    .execute();
}
