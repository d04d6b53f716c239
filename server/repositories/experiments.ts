/**
 * `experiments`, `experiment_variants`, `experiment_visitors`, `experiment_conversions`: the tests of
 * pop-ups and pages alike (migration 027), their variants' changes, the visitors shown each variant and
 * those whose lead counted for it (with the lead's id: its deal brings the money). What a variant's
 * changes mean and where a test is served is its subject's (server/experiments/subjects); here they are data.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { moscowToday } from '@/lib/calendar';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { inCallersTransaction, type DatabaseHandle } from '../db/connection';
import type { Database, ExperimentsTable, ExperimentVariantsTable } from '../db/schema';
import type { AlertQueueRepository, NewNotice } from './alert-queue';
import type { AuditRepository } from './audit';
import type { PopupsRepository, PopupSaveOutcome } from './popups';

export type ExperimentKind = 'popup' | 'page';
export type ExperimentStatus = 'draft' | 'running' | 'stopped' | 'kept';

export interface Experiment {
  id: string;
  kind: ExperimentKind;
  /** The pop-up's id, the page's address. */
  subject: string;
  status: ExperimentStatus;
  /** Raised by every edit: the page serving caches key on it. */
  version: number;
  /** A first: each variant's changes, as its subject wrote them. */
  variants: unknown[];
  plannedVisitors: number;
  /** Started with «Оставить победителя автоматически»: the verdict job keeps the winner (never a losing variant). */
  autoKeep: boolean;
  createdAt: number;
  createdBy: string;
  updatedAt: number;
  startedAt: number | null;
  startedBy: string | null;
  stoppedAt: number | null;
  stoppedBy: string | null;
  winner: number | null;
  /** When its verdict was announced (the verdict job); null before. */
  verdictAt: number | null;
}

/** New visitors and leads of a variant on one Moscow day. */
export interface ExperimentDayRow {
  day: string;
  variant: number;
  visitors: number;
  leads: number;
}

/** A visitor of a test met `variant` (was shown it, or left a lead) at `now`, from `network` (its keyed hash). */
export interface VisitorEvent {
  testId: string;
  /** Keyed hash of the visitor's first-party id. */
  visitor: string;
  variant: number;
  now: number;
  network: string | null;
}

/** From how many networks a variant's counted visitors and leads came. */
export interface VariantNetworks {
  variant: number;
  visitors: number;
  leads: number;
}

/**
 * A test's verdict, concluded once: the alerts that announce it and, for a test that keeps its winner by
 * itself, the variant kept and the pop-up's texts that follow (`config`, saved over `expectedVersion`).
 */
export interface VerdictConclusion {
  testId: string;
  now: number;
  notices: readonly NewNotice[];
  keep: { variant: number; popupId: string; config: ManagedPopupConfig | null; expectedVersion: number; actor: string; audit: Record<string, unknown> } | null;
}

type Who = { actor: string; now: number };

export interface ExperimentsRepository {
  /**
   * A new test of `subject` with its variants (A first): a draft, or (`start`) running at once unless
   * another test of the subject runs. Starting a pop-up's test takes the pop-up's row first, which orders
   * concurrent starts and saves. In the caller's `trx` when given (a console action's, with its audit row).
   */
  create(
    input: { kind: ExperimentKind; subject: string; variants: unknown[]; plannedVisitors: number; autoKeep?: boolean; start?: boolean } & Who,
    trx?: Kysely<Database>,
  ): Promise<{ created: true; test: Experiment } | { created: false; reason: 'running' }>;
  /**
   * New changes for a draft's or a running test's variants (A first; a running test keeps its number of
   * variants): a new version. Null when the test has ended, is unknown, or a running test's count would change.
   */
  edit(id: string, variants: unknown[], who: Who, trx?: Kysely<Database>): Promise<Experiment | null>;
  /** Starts a draft unless another test of its subject runs. */
  start(id: string, who: Who, trx?: Kysely<Database>): Promise<{ started: true; test: Experiment } | { started: false; reason: 'running' | 'not_draft' }>;
  /** Ends a running test; `winner` when a variant was kept («Оставить вариант …»). False when it was not running. */
  stop(id: string, who: Who & { winner?: number }, trx?: Kysely<Database>): Promise<boolean>;
  get(id: string): Promise<Experiment | undefined>;
  /** The tests of a kind (of one subject when given), newest first. */
  list(kind: ExperimentKind, subject?: string): Promise<Experiment[]>;
  /** The running tests of a kind (one a subject at most). */
  running(kind: ExperimentKind): Promise<Experiment[]>;
  /** The ended tests (stopped, or a variant kept) of a kind, the last ended first: «Что мы узнали». */
  finished(kind: ExperimentKind): Promise<Experiment[]>;
  /** What a visitor has done in a test so far: the variant they were shown (null: none yet), and whether their lead counted. */
  visitorSeen(testId: string, visitor: string): Promise<{ shown: number | null; converted: boolean }>;
  /** A visitor was shown `variant` while the test runs: true when this is their first in the test (only then it counts). */
  recordVisitor(event: VisitorEvent): Promise<boolean>;
  /**
   * A visitor's lead was accepted: counted once, and only when the visitor was shown that very variant in
   * this test while it runs. True when counted.
   */
  recordConversion(event: VisitorEvent & { leadId: number | null }): Promise<boolean>;
  /** New visitors and leads per day and variant, oldest first. */
  perDay(testId: string): Promise<ExperimentDayRow[]>;
  /**
   * Per variant that has any, the networks its counted visitors and leads came from; a visitor counted
   * before networks were kept is a network of its own.
   */
  networks(testId: string): Promise<VariantNetworks[]>;
  /** The counted leads of the test that have a stored lead: its id and variant. */
  leads(testId: string): Promise<{ leadId: number; variant: number }[]>;
  /**
   * A unit of work, once per test however many instances try: marks the verdict announced (only while
   * the test runs and was not announced), queues its notices and, when `keep` is given, ends the test
   * with that variant, makes its texts the pop-up's (a new version; none for A, whose texts they are)
   * and writes the journal's row, as «Оставить вариант …» does. False when another got there first or
   * the test no longer runs: nothing is written.
   */
  concludeVerdict(conclusion: VerdictConclusion): Promise<{ concluded: false } | { concluded: true; saved: PopupSaveOutcome | null }>;
}

export function createExperimentsRepository(
  handle: DatabaseHandle,
  {
    popups,
    alertQueue,
    audit,
  }: {
    popups: Pick<PopupsRepository, 'markChanged' | 'save'>;
    alertQueue: Pick<AlertQueueRepository, 'enqueueNotices'>;
    audit: Pick<AuditRepository, 'record'>;
  },
): ExperimentsRepository {
  const { db } = handle;

  const load = async (trx: Kysely<Database>, rows: Selectable<ExperimentsTable>[]): Promise<Experiment[]> => {
    if (rows.length === 0) return [];
    const variants = await trx
      .selectFrom('experiment_variants')
      .selectAll()
      .where(
        'experiment_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) =>
      experimentOf(
        row,
        variants.filter((variant) => variant.experiment_id === row.id),
      ),
    );
  };
  const getIn = async (trx: Kysely<Database>, id: string) =>
    (await load(trx, await trx.selectFrom('experiments').selectAll().where('id', '=', id).execute()))[0];
  const writeVariants = async (trx: Kysely<Database>, id: string, variants: unknown[]) => {
    await trx.deleteFrom('experiment_variants').where('experiment_id', '=', id).execute();
    await trx
      .insertInto('experiment_variants')
      .values(variants.map((changes, variant) => ({ experiment_id: id, variant, changes: JSON.stringify(changes) })))
      .execute();
  };
  const otherRunning = async (trx: Kysely<Database>, kind: ExperimentKind, subject: string) =>
    (await trx
      .selectFrom('experiments')
      .select('id')
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .where('status', '=', 'running')
      .executeTakeFirst()) !== undefined;
  const isRunning = async (testId: string) =>
    (await db.selectFrom('experiments').select('id').where('id', '=', testId).where('status', '=', 'running').executeTakeFirst()) !== undefined;
  /** Adds the visitor's row to a per-visitor table of the test unless it has one: true when added (a first show, a first lead). */
  const recordFirst = async (table: 'experiment_visitors' | 'experiment_conversions', { testId, visitor, variant, now, network }: VisitorEvent, extra = {}) => {
    const inserted = await db
      .insertInto(table)
      .values({ experiment_id: testId, visitor, variant, day: moscowToday(new Date(now)), at: now, network, ...extra })
      .onConflict((conflict) => conflict.columns(['experiment_id', 'visitor']).doNothing())
      .returning('visitor')
      .executeTakeFirst();
    return inserted !== undefined;
  };
  const shownVariant = async (testId: string, visitor: string) => {
    const row = await db
      .selectFrom('experiment_visitors')
      .select('variant')
      .where('experiment_id', '=', testId)
      .where('visitor', '=', visitor)
      .executeTakeFirst();
    return row ? Number(row.variant) : null;
  };

  return {
    create(input, outer) {
      return inCallersTransaction(handle, outer, async (trx) => {
        if (input.start) {
          if (input.kind === 'popup') await popups.markChanged(input.subject, input.now, trx);
          if (await otherRunning(trx, input.kind, input.subject)) return { created: false, reason: 'running' } as const;
        }
        const id = randomUUID();
        await trx
          .insertInto('experiments')
          .values({
            id,
            kind: input.kind,
            subject: input.subject,
            status: input.start ? 'running' : 'draft',
            version: 1,
            planned_visitors: input.plannedVisitors,
            auto_keep: input.autoKeep ? 1 : 0,
            created_at: input.now,
            created_by: input.actor,
            updated_at: input.now,
            started_at: input.start ? input.now : null,
            started_by: input.start ? input.actor : null,
            stopped_at: null,
            stopped_by: null,
            winner: null,
            verdict_at: null,
          })
          .execute();
        await writeVariants(trx, id, input.variants);
        return { created: true, test: (await getIn(trx, id))! } as const;
      });
    },

    edit(id, variants, who, outer) {
      return inCallersTransaction(handle, outer, async (trx) => {
        const test = await getIn(trx, id);
        if (!test || (test.status !== 'draft' && test.status !== 'running')) return null;
        if (test.status === 'running' && variants.length !== test.variants.length) return null;
        const updated = await trx
          .updateTable('experiments')
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
        if (await otherRunning(trx, test.kind, test.subject)) return { started: false, reason: 'running' } as const;
        await trx
          .updateTable('experiments')
          .set({ status: 'running', started_at: who.now, started_by: who.actor, version: test.version + 1, updated_at: who.now })
          .where('id', '=', id)
          .where('status', '=', 'draft')
          .execute();
        return { started: true, test: (await getIn(trx, id))! } as const;
      });
    },

    async stop(id, who, trx = db) {
      const result = await trx
        .updateTable('experiments')
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

    async list(kind, subject) {
      let query = db.selectFrom('experiments').selectAll().where('kind', '=', kind);
      if (subject !== undefined) query = query.where('subject', '=', subject);
      return load(db, await query.orderBy('created_at', 'desc').orderBy('id').execute());
    },

    async running(kind) {
      return load(db, await db.selectFrom('experiments').selectAll().where('kind', '=', kind).where('status', '=', 'running').execute());
    },

    async finished(kind) {
      return load(
        db,
        await db
          .selectFrom('experiments')
          .selectAll()
          .where('kind', '=', kind)
          .where('status', 'in', ['stopped', 'kept'])
          .orderBy('stopped_at', 'desc')
          .execute(),
      );
    },

    async visitorSeen(testId, visitor) {
      const [shown, converted] = await Promise.all([
        shownVariant(testId, visitor),
        db.selectFrom('experiment_conversions').select('variant').where('experiment_id', '=', testId).where('visitor', '=', visitor).executeTakeFirst(),
      ]);
      return { shown, converted: converted !== undefined };
    },

    async recordVisitor(event) {
      if (!(await isRunning(event.testId))) return false;
      return recordFirst('experiment_visitors', event);
    },

    async recordConversion({ leadId, ...event }) {
      if (!(await isRunning(event.testId))) return false;
      if ((await shownVariant(event.testId, event.visitor)) !== event.variant) return false;
      return recordFirst('experiment_conversions', event, { lead_id: leadId });
    },

    async perDay(testId) {
      const count = (table: 'experiment_visitors' | 'experiment_conversions') =>
        db
          .selectFrom(table)
          .select(['day', 'variant', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('experiment_id', '=', testId)
          .groupBy(['day', 'variant'])
          .execute();
      const [visitors, leads] = await Promise.all([count('experiment_visitors'), count('experiment_conversions')]);
      const rows = new Map<string, ExperimentDayRow>();
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

    async networks(testId) {
      const count = (table: 'experiment_visitors' | 'experiment_conversions') =>
        db
          .selectFrom(table)
          .select(['variant', sql<number | string>`count(distinct coalesce(network, 'visitor:' || visitor))`.as('networks')])
          .where('experiment_id', '=', testId)
          .groupBy('variant')
          .execute();
      const [visitors, leads] = await Promise.all([count('experiment_visitors'), count('experiment_conversions')]);
      const variants = new Map<number, VariantNetworks>();
      const of = (variant: number) => variants.get(variant) ?? variants.set(variant, { variant, visitors: 0, leads: 0 }).get(variant)!;
      for (const row of visitors) of(Number(row.variant)).visitors = Number(row.networks);
      for (const row of leads) of(Number(row.variant)).leads = Number(row.networks);
      return [...variants.values()].sort((a, b) => a.variant - b.variant);
    },

    async leads(testId) {
      const rows = await db
        .selectFrom('experiment_conversions')
        .select(['lead_id', 'variant'])
        .where('experiment_id', '=', testId)
        .where('lead_id', 'is not', null)
        .execute();
      return rows.map((row) => ({ leadId: Number(row.lead_id), variant: Number(row.variant) }));
    },

    async concludeVerdict({ testId, now, notices, keep }) {
      return inCallersTransaction(handle, undefined, async (trx) => {
        const marked = await trx
          .updateTable('experiments')
          .set({ verdict_at: now })
          .where('id', '=', testId)
          .where('status', '=', 'running')
          .where('verdict_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return { concluded: false } as const;
        await alertQueue.enqueueNotices(notices, now, trx);
        if (!keep) return { concluded: true, saved: null } as const;
        await trx
          .updateTable('experiments')
          .set((eb) => ({ status: 'kept', stopped_at: now, stopped_by: keep.actor, winner: keep.variant, version: eb('version', '+', 1), updated_at: now }))
          .where('id', '=', testId)
          .execute();
        const saved = keep.config ? await popups.save(keep.popupId, keep.config, { expectedVersion: keep.expectedVersion, actor: keep.actor, now }, trx) : null;
        await audit.record(
          {
            actor: keep.actor,
            action: 'popup_test_decide',
            subject: keep.popupId,
            details: { ...keep.audit, test: testId, variant: keep.variant, version: saved?.saved ? saved.version : null },
          },
          now,
          trx,
        );
        return { concluded: true, saved } as const;
      });
    },
  };
}

function experimentOf(row: Selectable<ExperimentsTable>, variants: Selectable<ExperimentVariantsTable>[]): Experiment {
  const at = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    version: Number(row.version),
    variants: variants.sort((a, b) => Number(a.variant) - Number(b.variant)).map((variant) => JSON.parse(variant.changes) as unknown),
    plannedVisitors: Number(row.planned_visitors),
    autoKeep: Number(row.auto_keep) === 1,
    createdAt: Number(row.created_at),
    createdBy: row.created_by,
    updatedAt: Number(row.updated_at),
    startedAt: at(row.started_at),
    startedBy: row.started_by,
    stoppedAt: at(row.stopped_at),
    stoppedBy: row.stopped_by,
    winner: at(row.winner),
    verdictAt: at(row.verdict_at),
  };
}
