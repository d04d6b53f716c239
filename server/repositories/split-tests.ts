/**
 * `popup_tests`, `popup_test_exposures`, `popup_test_conversions`: the split tests of pop-ups, and per
 * test the visitors shown a variant and those whose lead counted for it.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { moscowToday } from '@/lib/calendar';
import type { VariantTexts } from '@/lib/experiments/variants';
import { inCallersTransaction, type DatabaseHandle } from '../db/connection';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import type { Database, PopupTestsTable } from '../db/schema';
import type { AlertQueueRepository, NewNotice } from './alert-queue';
import type { AuditRepository } from './audit';
import type { PopupsRepository, PopupSaveOutcome } from './popups';

export type SplitTestStatus = 'running' | 'stopped' | 'decided';

export interface SplitTest {
  id: string;
  popupId: string;
  status: SplitTestStatus;
  /** A first. */
  variants: VariantTexts[];
  plannedShows: number;
  startedAt: number;
  startedBy: string;
  stoppedAt: number | null;
  stoppedBy: string | null;
  winner: number | null;
  /** Started with «Оставить победителя автоматически»: the verdict job keeps the winner (never a losing variant). */
  autoKeep: boolean;
  /** When its verdict was announced (the verdict job); null before. */
  verdictAt: number | null;
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

/** New shows and leads of a variant on one Moscow day. */
export interface SplitTestDayRow {
  day: string;
  variant: number;
  shows: number;
  leads: number;
}

/** A visitor of a test met `variant` (was shown it, or left a lead) at `now`, from `network` (its keyed hash). */
export interface VisitorEvent {
  testId: string;
  visitor: string;
  variant: number;
  now: number;
  network: string;
}

/** From how many networks a variant's counted shows and leads came. */
export interface VariantNetworks {
  variant: number;
  shows: number;
  leads: number;
}

export interface SplitTestsRepository {
  /** Starts a test of the pop-up, unless one is running; in the caller's `trx` when given (a console action's, with its audit row). */
  start(
    popupId: string,
    variants: VariantTexts[],
    options: { plannedShows: number; actor: string; now: number; autoKeep?: boolean },
    trx?: Kysely<Database>,
  ): Promise<{ started: true; test: SplitTest } | { started: false; reason: 'running' }>;
  /** The running test of each pop-up that has one. */
  running(): Promise<SplitTest[]>;
  get(id: string): Promise<SplitTest | undefined>;
  /** The pop-up's tests, newest first. */
  forPopup(popupId: string): Promise<SplitTest[]>;
  /** The ended tests (stopped, or a variant kept) of every pop-up, the last ended first: «Что мы узнали». */
  finished(): Promise<SplitTest[]>;
  /** Ends a running test; `winner` when a variant was kept. False when it was not running. In the caller's `trx` when given. */
  stop(id: string, options: { actor: string; now: number; winner?: number }, trx?: Kysely<Database>): Promise<boolean>;
  /** What a visitor has done in a test so far: the variant they were shown (null: none yet), and whether their lead counted. */
  visitorSeen(testId: string, visitor: string): Promise<{ shown: number | null; converted: boolean }>;
  /** A visitor saw `variant`: true when this is their first show in the test (only then it counts). */
  recordExposure(input: VisitorEvent): Promise<boolean>;
  /**
   * A visitor's lead was accepted: counted once, and only when the visitor was shown that very variant in
   * this test while it runs. True when counted.
   */
  recordConversion(input: VisitorEvent): Promise<boolean>;
  /** New shows and leads per day and variant, oldest first. */
  perDay(testId: string): Promise<SplitTestDayRow[]>;
  /**
   * Per variant that has any, the networks its counted shows and leads came from; a visitor counted
   * before networks were kept is a network of its own (as many as the site counted them).
   */
  networks(testId: string): Promise<VariantNetworks[]>;
  /**
   * A unit of work, once per test however many instances try: marks the verdict announced (only while
   * the test runs and was not announced), queues its notices and, when `keep` is given, ends the test
   * with that variant, makes its texts the pop-up's (a new version; none for A, whose texts they are)
   * and writes the journal's row, as «Оставить вариант …» does. False when another got there first or
   * the test no longer runs: nothing is written.
   */
  concludeVerdict(conclusion: VerdictConclusion): Promise<{ concluded: false } | { concluded: true; saved: PopupSaveOutcome | null }>;
}

export function createSplitTestsRepository(
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
): SplitTestsRepository {
  const { db } = handle;
  const isRunning = async (testId: string) =>
    (await db.selectFrom('popup_tests').select('id').where('id', '=', testId).where('status', '=', 'running').executeTakeFirst()) !== undefined;
  /** Adds the visitor's row to a per-visitor table of the test unless it has one: true when added (a first show, a first lead). */
  const recordFirst = async (table: 'popup_test_exposures' | 'popup_test_conversions', { testId, visitor, variant, now, network }: VisitorEvent) => {
    const inserted = await db
      .insertInto(table)
      .values({ test_id: testId, visitor, variant, day: moscowToday(new Date(now)), at: now, network })
      .onConflict((conflict) => conflict.columns(['test_id', 'visitor']).doNothing())
      .returning('visitor')
      .executeTakeFirst();
    return inserted !== undefined;
  };

  return {
    async start(popupId, variants, options, outer) {
      return inCallersTransaction(handle, outer, async (trx) => {
        // The pop-up's row orders concurrent starts.
        await popups.markChanged(popupId, options.now, trx);
        const running = await trx.selectFrom('popup_tests').select('id').where('popup_id', '=', popupId).where('status', '=', 'running').executeTakeFirst();
        if (running) return { started: false, reason: 'running' } as const;
        const row = {
          id: randomUUID(),
          popup_id: popupId,
          status: 'running' as const,
          variants: JSON.stringify(variants),
          planned_shows: options.plannedShows,
          started_at: options.now,
          started_by: options.actor,
          stopped_at: null,
          stopped_by: null,
          winner: null,
          auto_keep: options.autoKeep ? 1 : 0,
          verdict_at: null,
        };
        await trx.insertInto('popup_tests').values(row).execute();
        return { started: true, test: testOf(row) } as const;
      });
    },

    async running() {
      const rows = await db.selectFrom('popup_tests').selectAll().where('status', '=', 'running').execute();
      return rows.map(testOf);
    },

    async get(id) {
      const row = await db.selectFrom('popup_tests').selectAll().where('id', '=', id).executeTakeFirst();
      return row && testOf(row);
    },

    async forPopup(popupId) {
      const rows = await db.selectFrom('popup_tests').selectAll().where('popup_id', '=', popupId).orderBy('started_at', 'desc').execute();
      return rows.map(testOf);
    },

    async finished() {
      const rows = await db.selectFrom('popup_tests').selectAll().where('status', 'in', ['stopped', 'decided']).orderBy('stopped_at', 'desc').execute();
      return rows.map(testOf);
    },

    async stop(id, options, trx = db) {
      const result = await trx
        .updateTable('popup_tests')
        .set({
          status: options.winner === undefined ? 'stopped' : 'decided',
          stopped_at: options.now,
          stopped_by: options.actor,
          winner: options.winner ?? null,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async visitorSeen(testId, visitor) {
      const of = (table: 'popup_test_exposures' | 'popup_test_conversions') =>
        db.selectFrom(table).select('variant').where('test_id', '=', testId).where('visitor', '=', visitor).executeTakeFirst();
      const [shown, converted] = await Promise.all([of('popup_test_exposures'), of('popup_test_conversions')]);
      return { shown: shown ? Number(shown.variant) : null, converted: converted !== undefined };
    },

    async recordExposure(input) {
      if (!(await isRunning(input.testId))) return false;
      return recordFirst('popup_test_exposures', input);
    },

    async recordConversion(input) {
      if (!(await isRunning(input.testId))) return false;
      const exposed = await db
        .selectFrom('popup_test_exposures')
        .select('variant')
        .where('test_id', '=', input.testId)
        .where('visitor', '=', input.visitor)
        .executeTakeFirst();
      if (!exposed || Number(exposed.variant) !== input.variant) return false;
      return recordFirst('popup_test_conversions', input);
    },

    async perDay(testId) {
      const count = (table: 'popup_test_exposures' | 'popup_test_conversions') =>
        db
          .selectFrom(table)
          .select(['day', 'variant', (eb) => eb.fn.countAll<number | string>().as('n')])
          .where('test_id', '=', testId)
          .groupBy(['day', 'variant'])
          .execute();
      const [shows, leads] = await Promise.all([count('popup_test_exposures'), count('popup_test_conversions')]);
      const rows = new Map<string, SplitTestDayRow>();
      const row = (day: string, variant: number) => {
        const key = `${day}:${variant}`;
        let found = rows.get(key);
        if (!found) rows.set(key, (found = { day, variant, shows: 0, leads: 0 }));
        return found;
      };
      for (const item of shows) row(item.day, Number(item.variant)).shows += Number(item.n);
      for (const item of leads) row(item.day, Number(item.variant)).leads += Number(item.n);
      return [...rows.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.variant - b.variant));
    },

    async networks(testId) {
      const count = (table: 'popup_test_exposures' | 'popup_test_conversions') =>
        db
          .selectFrom(table)
          .select(['variant', sql<number | string>`count(distinct coalesce(network, 'visitor:' || visitor))`.as('networks')])
          .where('test_id', '=', testId)
          .groupBy('variant')
          .execute();
      const [shows, leads] = await Promise.all([count('popup_test_exposures'), count('popup_test_conversions')]);
      const variants = new Map<number, VariantNetworks>();
      const of = (variant: number) => variants.get(variant) ?? variants.set(variant, { variant, shows: 0, leads: 0 }).get(variant)!;
      for (const row of shows) of(Number(row.variant)).shows = Number(row.networks);
      for (const row of leads) of(Number(row.variant)).leads = Number(row.networks);
      return [...variants.values()].sort((a, b) => a.variant - b.variant);
    },

    async concludeVerdict({ testId, now, notices, keep }) {
      return inCallersTransaction(handle, undefined, async (trx) => {
        const marked = await trx
          .updateTable('popup_tests')
          .set({ verdict_at: now })
          .where('id', '=', testId)
          .where('status', '=', 'running')
          .where('verdict_at', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return { concluded: false } as const;
        await alertQueue.enqueueNotices(notices, now, trx);
        if (!keep) return { concluded: true, saved: null } as const;
        await trx
          .updateTable('popup_tests')
          .set({ status: 'decided', stopped_at: now, stopped_by: keep.actor, winner: keep.variant })
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

function testOf(row: Selectable<PopupTestsTable>): SplitTest {
  return {
    id: row.id,
    popupId: row.popup_id,
    status: row.status,
    variants: JSON.parse(row.variants) as VariantTexts[],
    plannedShows: Number(row.planned_shows),
    startedAt: Number(row.started_at),
    startedBy: row.started_by,
    stoppedAt: row.stopped_at === null ? null : Number(row.stopped_at),
    stoppedBy: row.stopped_by,
    winner: row.winner === null ? null : Number(row.winner),
    autoKeep: Number(row.auto_keep) === 1,
    verdictAt: row.verdict_at === null ? null : Number(row.verdict_at),
  };
}
