/**
 * `page_tests`, `page_test_variants`, `page_test_visitors`, `page_test_leads`: tests of course pages and
 * campaign landings («Тесты страниц»), their variants, the visitors served each variant and the visitors
 * whose lead counted for it (with the lead's id: its deal brings the money, by the deals' repository).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { moscowToday } from '@/lib/calendar';
import type { PageVariantChanges } from '@/lib/page-tests/variants';
import { inCallersTransaction, type DatabaseHandle } from '../db/connection';
import type { Database, PageTestsTable, PageTestVariantsTable } from '../db/schema';

export type PageTestStatus = 'draft' | 'running' | 'stopped' | 'kept';

export interface PageTest {
  id: string;
  pagePath: string;
  status: PageTestStatus;
  /** Raised by every edit: the serving caches key on it. */
  version: number;
  /** A first (no changes), then B, C, D. */
  variants: PageVariantChanges[];
  plannedVisitors: number;
  createdAt: number;
  createdBy: string;
  updatedAt: number;
  startedAt: number | null;
  startedBy: string | null;
  stoppedAt: number | null;
  stoppedBy: string | null;
  winner: number | null;
}

/** New visitors and leads of a variant on one Moscow day. */
export interface PageTestDayRow {
  day: string;
  variant: number;
  visitors: number;
  leads: number;
}

export interface PageTestVisitorEvent {
  testId: string;
  /** Keyed hash of the signed visitor id. */
  visitor: string;
  variant: number;
  now: number;
}

type Who = { actor: string; now: number };

export interface PageTestsRepository {
  /** A new draft test of a page with its variants (B on; A is added), in the caller's `trx` when given. */
  create(input: { pagePath: string; variants: PageVariantChanges[]; plannedVisitors: number } & Who, trx?: Kysely<Database>): Promise<PageTest>;
  /**
   * New texts for a draft's or a running test's variants (a running test keeps its number of variants):
   * a new version. False when the test is stopped, unknown, or a running test's count would change.
   */
  edit(id: string, variants: PageVariantChanges[], who: Who, trx?: Kysely<Database>): Promise<PageTest | null>;
  /** Starts a draft unless another test of its page runs. */
  start(id: string, who: Who, trx?: Kysely<Database>): Promise<{ started: true; test: PageTest } | { started: false; reason: 'running' | 'not_draft' }>;
  /** Ends a running test; `winner` when a variant was kept («Оставить вариант …»). False when it was not running. */
  stop(id: string, who: Who & { winner?: number }, trx?: Kysely<Database>): Promise<boolean>;
  get(id: string): Promise<PageTest | undefined>;
  /** Every test, newest first. */
  list(): Promise<PageTest[]>;
  /** The ended tests (stopped, or a variant kept) of every page, the last ended first: «Что мы узнали». */
  finished(): Promise<PageTest[]>;
  /** The running tests (one a page at most). */
  running(): Promise<PageTest[]>;
  /** The visitor was served `variant`: true when this is their first visit in the test (counted once). */
  recordVisitor(input: PageTestVisitorEvent): Promise<boolean>;
  /** The variant the visitor was served in the test, or null. */
  visitorVariant(testId: string, visitor: string): Promise<number | null>;
  /** The visitor's lead counts: once, only while the test runs and only for the variant they were served. */
  recordLead(input: PageTestVisitorEvent & { leadId: number }): Promise<boolean>;
  /** New visitors and leads per day and variant, oldest first. */
  perDay(testId: string): Promise<PageTestDayRow[]>;
  /** The counted leads of the test: lead id and variant. */
  leads(testId: string): Promise<{ leadId: number; variant: number }[]>;
}

export function createPageTestsRepository(handle: DatabaseHandle): PageTestsRepository {
  const { db } = handle;

  const load = async (trx: Kysely<Database>, rows: Selectable<PageTestsTable>[]): Promise<PageTest[]> => {
    if (rows.length === 0) return [];
    const variants = await trx
      .selectFrom('page_test_variants')
      .selectAll()
      .where(
        'test_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('variant')
      .execute();
    return rows.map((row) =>
      testOf(
        row,
        variants.filter((variant) => variant.test_id === row.id),
      ),
    );
  };
  const getIn = async (trx: Kysely<Database>, id: string) =>
    (await load(trx, await trx.selectFrom('page_tests').selectAll().where('id', '=', id).execute()))[0];
  const writeVariants = async (trx: Kysely<Database>, id: string, variants: PageVariantChanges[]) => {
    await trx.deleteFrom('page_test_variants').where('test_id', '=', id).execute();
    const all = [{ headline: null, subheadline: null, buttonLabel: null, leadTariff: null }, ...variants];
    await trx
      .insertInto('page_test_variants')
      .values(
        all.map((changes, variant) => ({
          test_id: id,
          variant,
          headline: changes.headline,
          subheadline: changes.subheadline,
          button_label: changes.buttonLabel,
          lead_tariff: changes.leadTariff,
        })),
      )
      .execute();
  };
  const isRunning = async (testId: string) =>
    (await db.selectFrom('page_tests').select('id').where('id', '=', testId).where('status', '=', 'running').executeTakeFirst()) !== undefined;

  return {
    create(input, outer) {
      return inCallersTransaction(handle, outer, async (trx) => {
        const id = randomUUID();
        await trx
          .insertInto('page_tests')
          .values({
            id,
            page_path: input.pagePath,
            status: 'draft',
            version: 1,
            planned_visitors: input.plannedVisitors,
            created_at: input.now,
            created_by: input.actor,
            updated_at: input.now,
            started_at: null,
            started_by: null,
            stopped_at: null,
            stopped_by: null,
            winner: null,
          })
          .execute();
        await writeVariants(trx, id, input.variants);
        return (await getIn(trx, id))!;
      });
    },

    edit(id, variants, who, outer) {
      return inCallersTransaction(handle, outer, async (trx) => {
        const test = await getIn(trx, id);
        if (!test || (test.status !== 'draft' && test.status !== 'running')) return null;
        if (test.status === 'running' && variants.length !== test.variants.length - 1) return null;
        const updated = await trx
          .updateTable('page_tests')
          .set({ version: test.version + 1, updated_at: who.now })
          .where('id', '=', id)
          .where('version', '=', test.version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return null;
        await writeVariants(trx, id, variants);
        return (await getIn(trx, id))!;
      });
    },

    start(id, who, outer) {
      return inCallersTransaction(handle, outer, async (trx) => {
        const test = await getIn(trx, id);
        if (!test || test.status !== 'draft') return { started: false, reason: 'not_draft' } as const;
        const other = await trx.selectFrom('page_tests').select('id').where('page_path', '=', test.pagePath).where('status', '=', 'running').executeTakeFirst();
        if (other) return { started: false, reason: 'running' } as const;
        await trx
          .updateTable('page_tests')
          .set({ status: 'running', started_at: who.now, started_by: who.actor, version: test.version + 1, updated_at: who.now })
          .where('id', '=', id)
          .where('status', '=', 'draft')
          .execute();
        return { started: true, test: (await getIn(trx, id))! } as const;
      });
    },

    async stop(id, who, trx = db) {
      const result = await trx
        .updateTable('page_tests')
        .set((eb) => ({
          status: who.winner === undefined ? 'stopped' : 'kept',
          stopped_at: who.now,
          stopped_by: who.actor,
          winner: who.winner ?? null,
          version: eb('version', '+', 1),
          updated_at: who.now,
        }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    get: (id) => getIn(db, id),

    async list() {
      return load(db, await db.selectFrom('page_tests').selectAll().orderBy('created_at', 'desc').execute());
    },

    async finished() {
      return load(db, await db.selectFrom('page_tests').selectAll().where('status', 'in', ['stopped', 'kept']).orderBy('stopped_at', 'desc').execute());
    },

    async running() {
      return load(db, await db.selectFrom('page_tests').selectAll().where('status', '=', 'running').execute());
    },

    async recordVisitor({ testId, visitor, variant, now }) {
      const inserted = await db
        .insertInto('page_test_visitors')
        .values({ test_id: testId, visitor, variant, day: moscowToday(new Date(now)), at: now })
        .onConflict((conflict) => conflict.columns(['test_id', 'visitor']).doNothing())
        .returning('visitor')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async visitorVariant(testId, visitor) {
      const row = await db.selectFrom('page_test_visitors').select('variant').where('test_id', '=', testId).where('visitor', '=', visitor).executeTakeFirst();
      return row ? Number(row.variant) : null;
    },

    async recordLead({ testId, visitor, variant, now, leadId }) {
      if (!(await isRunning(testId))) return false;
      const served = await db
        .selectFrom('page_test_visitors')
        .select('variant')
        .where('test_id', '=', testId)
        .where('visitor', '=', visitor)
        .executeTakeFirst();
      if (!served || Number(served.variant) !== variant) return false;
      const inserted = await db
        .insertInto('page_test_leads')
        .values({ test_id: testId, visitor, variant, lead_id: leadId, day: moscowToday(new Date(now)), at: now })
        .onConflict((conflict) => conflict.columns(['test_id', 'visitor']).doNothing())
        .returning('visitor')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async perDay(testId) {
      const count = (table: 'page_test_visitors' | 'page_test_leads') =>
        db
          .selectFrom(table)
          .select(['day', 'variant', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('test_id', '=', testId)
          .groupBy(['day', 'variant'])
          .execute();
      const [visitors, leads] = await Promise.all([count('page_test_visitors'), count('page_test_leads')]);
      const rows = new Map<string, PageTestDayRow>();
      const row = (day: string, variant: number) => {
        const key = `${day}:${variant}`;
        let found = rows.get(key);
        if (!found) rows.set(key, (found = { day, variant, visitors: 0, leads: 0 }));
        return found;
      };
      for (const item of visitors) row(item.day, Number(item.variant)).visitors += Number(item.n);
      for (const item of leads) row(item.day, Number(item.variant)).leads += Number(item.n);
      return [...rows.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.variant - b.variant));
    },

    async leads(testId) {
      const rows = await db.selectFrom('page_test_leads').select(['lead_id', 'variant']).where('test_id', '=', testId).execute();
      return rows.map((row) => ({ leadId: Number(row.lead_id), variant: Number(row.variant) }));
    },
  };
}

function testOf(row: Selectable<PageTestsTable>, variants: Selectable<PageTestVariantsTable>[]): PageTest {
  const at = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    id: row.id,
    pagePath: row.page_path,
    status: row.status,
    version: Number(row.version),
    variants: variants
      .sort((a, b) => Number(a.variant) - Number(b.variant))
      .map((variant) => ({ headline: variant.headline, subheadline: variant.subheadline, buttonLabel: variant.button_label, leadTariff: variant.lead_tariff })),
    plannedVisitors: Number(row.planned_visitors),
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    updatedAt: Number(row.updated_at),
    startedAt: at(row.started_at),
    startedBy: row.started_by,
    stoppedAt: at(row.stopped_at),
    stoppedBy: row.stopped_by,
    winner: at(row.winner),
  };
}
