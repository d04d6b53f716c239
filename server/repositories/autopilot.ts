/**
 * `autopilot_settings`, `autopilot_patterns`, `autopilot_proposals`, `autopilot_retests`: the tests'
 * autopilot — on or off, the team's patterns, the queue of proposals (proposed → approved → running →
 * done, or dismissed) and the questions the team asked to test again.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AutopilotElement, PlaceKind } from '@/lib/experiments/autopilot';
import type { EndReason } from '@/lib/experiments/autopilot-words';
import type { DatabaseHandle } from '../db/connection';
import type { AutopilotProposalsTable, Database } from '../db/schema';

export interface AutopilotSettings {
  enabled: boolean;
  /** A test the autopilot runs keeps its winner by itself (never a losing variant). */
  keepWinner: boolean;
  updatedAt: number | null;
  updatedBy: string | null;
  weeklySentAt: number | null;
}

export interface AutopilotPattern {
  id: number;
  element: AutopilotElement;
  text: string;
  createdAt: number;
  createdBy: string;
}

export type ProposalStatus = AutopilotProposalsTable['status'];

export interface AutopilotProposal {
  id: string;
  kind: PlaceKind;
  /** A pop-up's id or a page's path. */
  place: string;
  element: AutopilotElement;
  text: string;
  source: 'pattern' | 'learned';
  figures: { missed: number; rate: number; daysNeeded: number };
  status: ProposalStatus;
  position: number;
  createdAt: number;
  approvedAt: number | null;
  approvedBy: string | null;
  startedAt: number | null;
  testId: string | null;
  endedAt: number | null;
  endReason: EndReason | null;
  kept: boolean;
}

export type NewProposal = Pick<AutopilotProposal, 'kind' | 'place' | 'element' | 'text' | 'source' | 'figures'>;

type Who = { actor: string; now: number };

export interface AutopilotRepository {
  settings(): Promise<AutopilotSettings>;
  /** Switches the autopilot on or off (and whether its tests keep their winner). */
  saveSettings(input: { enabled: boolean; keepWinner: boolean } & Who, trx?: Kysely<Database>): Promise<void>;
  patterns(): Promise<AutopilotPattern[]>;
  addPattern(input: { element: AutopilotElement; text: string } & Who, trx?: Kysely<Database>): Promise<AutopilotPattern>;
  removePattern(id: number, trx?: Kysely<Database>): Promise<boolean>;
  /** The proposals of the given states (every one when none), in queue order. */
  proposals(statuses?: readonly ProposalStatus[]): Promise<AutopilotProposal[]>;
  get(id: string): Promise<AutopilotProposal | undefined>;
  /** Adds proposals at the end of the queue, `proposed`. */
  propose(list: readonly NewProposal[], now: number): Promise<AutopilotProposal[]>;
  /** «Запустить»: a proposed one becomes approved, last in the approved queue. False when it was not proposed. */
  approve(id: string, who: Who, trx?: Kysely<Database>): Promise<boolean>;
  /** «Отклонить»: a proposed or approved one leaves the queue. */
  dismiss(id: string, trx?: Kysely<Database>): Promise<boolean>;
  /** An approved one whose test started. False when it was no longer approved (another instance started it). */
  markRunning(id: string, testId: string, now: number): Promise<boolean>;
  /** A running one whose test ended. */
  markDone(id: string, input: { reason: EndReason; kept: boolean; now: number }): Promise<boolean>;
  /** The ones that ended since `since`, the last ended first. */
  doneSince(since: number): Promise<AutopilotProposal[]>;
  /** Questions (lib/experiments/autopilot.ts `questionKey`) the team asked to test again. */
  retests(): Promise<Set<string>>;
  askRetest(question: string, who: Who, trx?: Kysely<Database>): Promise<void>;
  /** The retests a new proposal asks again. */
  forgetRetests(questions: readonly string[]): Promise<void>;
  /**
   * Marks the weekly message sent at `now` unless one went after `since`: true for the one instance that
   * claims it (a conditional update), which then sends it.
   */
  claimWeekly(now: number, since: number): Promise<boolean>;
}

const SETTINGS_ID = 1;

export function createAutopilotRepository(handle: DatabaseHandle): AutopilotRepository {
  const { db } = handle;
  const ensureSettings = async (now: number, trx: Kysely<Database> = db) => {
    await trx
      .insertInto('autopilot_settings')
      .values({ id: SETTINGS_ID, enabled: 0, keep_winner: 1, updated_at: now, updated_by: null, weekly_sent_at: null })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  };
  const nextPosition = async (trx: Kysely<Database> = db) => {
    const row = await trx
      .selectFrom('autopilot_proposals')
      .select((eb) => eb.fn.max('position').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  };

  return {
    async settings() {
      const row = await db.selectFrom('autopilot_settings').selectAll().where('id', '=', SETTINGS_ID).executeTakeFirst();
      if (!row) return { enabled: false, keepWinner: true, updatedAt: null, updatedBy: null, weeklySentAt: null };
      return {
        enabled: Number(row.enabled) === 1,
        keepWinner: Number(row.keep_winner) === 1,
        updatedAt: Number(row.updated_at),
        updatedBy: row.updated_by,
        weeklySentAt: row.weekly_sent_at === null ? null : Number(row.weekly_sent_at),
      };
    },

    async saveSettings({ enabled, keepWinner, actor, now }, trx = db) {
      await ensureSettings(now, trx);
      await trx
        .updateTable('autopilot_settings')
        .set({ enabled: enabled ? 1 : 0, keep_winner: keepWinner ? 1 : 0, updated_at: now, updated_by: actor })
        .where('id', '=', SETTINGS_ID)
        .execute();
    },

    async patterns() {
      const rows = await db.selectFrom('autopilot_patterns').selectAll().orderBy('id').execute();
      return rows.map((row) => ({
        id: Number(row.id),
        element: row.element as AutopilotElement,
        text: row.text,
        createdAt: Number(row.created_at),
        createdBy: row.created_by,
      }));
    },

    async addPattern({ element, text, actor, now }, trx = db) {
      const row = await trx
        .insertInto('autopilot_patterns')
        .values({ element, text, created_at: now, created_by: actor })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), element, text, createdAt: now, createdBy: actor };
    },

    async removePattern(id, trx = db) {
      const result = await trx.deleteFrom('autopilot_patterns').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async proposals(statuses) {
      let query = db.selectFrom('autopilot_proposals').selectAll();
      if (statuses && statuses.length > 0) query = query.where('status', 'in', [...statuses]);
      const rows = await query.orderBy('position').execute();
      return rows.map(proposalOf);
    },

    async get(id) {
      const row = await db.selectFrom('autopilot_proposals').selectAll().where('id', '=', id).executeTakeFirst();
      return row && proposalOf(row);
    },

    async propose(list, now) {
      const out: AutopilotProposal[] = [];
      let position = await nextPosition();
      for (const proposal of list) {
        const row = {
          id: randomUUID(),
          kind: proposal.kind,
          place: proposal.place,
          element: proposal.element,
          text: proposal.text,
          source: proposal.source,
          figures: JSON.stringify(proposal.figures),
          status: 'proposed' as const,
          position: position++,
          created_at: now,
          approved_at: null,
          approved_by: null,
          started_at: null,
          test_id: null,
          ended_at: null,
          end_reason: null,
          kept: null,
        };
        await db.insertInto('autopilot_proposals').values(row).execute();
        out.push(proposalOf(row));
      }
      return out;
    },

    async approve(id, { actor, now }, trx = db) {
      const position = await nextPosition(trx);
      const result = await trx
        .updateTable('autopilot_proposals')
        .set({ status: 'approved', approved_at: now, approved_by: actor, position })
        .where('id', '=', id)
        .where('status', '=', 'proposed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async dismiss(id, trx = db) {
      const result = await trx
        .updateTable('autopilot_proposals')
        .set({ status: 'dismissed' })
        .where('id', '=', id)
        .where('status', 'in', ['proposed', 'approved'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markRunning(id, testId, now) {
      const result = await db
        .updateTable('autopilot_proposals')
        .set({ status: 'running', test_id: testId, started_at: now })
        .where('id', '=', id)
        .where('status', '=', 'approved')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markDone(id, { reason, kept, now }) {
      const result = await db
        .updateTable('autopilot_proposals')
        .set({ status: 'done', end_reason: reason, kept: kept ? 1 : 0, ended_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async doneSince(since) {
      const rows = await db
        .selectFrom('autopilot_proposals')
        .selectAll()
        .where('status', '=', 'done')
        .where('ended_at', '>', since)
        .orderBy('ended_at', 'desc')
        .execute();
      return rows.map(proposalOf);
    },

    async retests() {
      const rows = await db.selectFrom('autopilot_retests').select('question').execute();
      return new Set(rows.map((row) => row.question));
    },

    async askRetest(question, { actor, now }, trx = db) {
      await trx
        .insertInto('autopilot_retests')
        .values({ question, asked_at: now, asked_by: actor })
        .onConflict((conflict) => conflict.column('question').doNothing())
        .execute();
    },

    async forgetRetests(questions) {
      if (questions.length === 0) return;
      await db
        .deleteFrom('autopilot_retests')
        .where('question', 'in', [...questions])
        .execute();
    },

    async claimWeekly(now, since) {
      await ensureSettings(now);
      const result = await db
        .updateTable('autopilot_settings')
        .set({ weekly_sent_at: now })
        .where('id', '=', SETTINGS_ID)
        .where((eb) => eb.or([eb('weekly_sent_at', 'is', null), eb('weekly_sent_at', '<=', since)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

function proposalOf(row: Selectable<AutopilotProposalsTable>): AutopilotProposal {
  return {
    id: row.id,
    kind: row.kind,
    place: row.place,
    element: row.element as AutopilotElement,
    text: row.text,
    source: row.source,
    figures: JSON.parse(row.figures) as AutopilotProposal['figures'],
    status: row.status,
    position: Number(row.position),
    createdAt: Number(row.created_at),
    approvedAt: row.approved_at === null ? null : Number(row.approved_at),
    approvedBy: row.approved_by,
    startedAt: row.started_at === null ? null : Number(row.started_at),
    testId: row.test_id,
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    endReason: row.end_reason,
    kept: Number(row.kept ?? 0) === 1,
  };
}
