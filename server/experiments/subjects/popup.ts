/**
 * A pop-up as an experiment's subject: a variant changes the pop-up's texts (headline, text, button; A
 * its own at the start), and the test is served wherever the pop-up shows (server/http/popups.ts, the
 * shows and leads its form claims). The pop-up tests' view of the one experiments repository, in the
 * words the console and the verdict job use: shows for visitors, `decided` for a kept variant.
 */
import type { VariantTexts } from '@/lib/experiments/variants';
import type { Repositories } from '../../repositories';
import type { Experiment, ExperimentDayRow, VisitorEvent } from '../../repositories/experiments';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

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

/** New shows and leads of a variant on one Moscow day. */
export interface SplitTestDayRow {
  day: string;
  variant: number;
  shows: number;
  leads: number;
}

/** A pop-up's test as the console and the verdict job read it. */
export function splitTestOf(test: Experiment): SplitTest {
  return {
    id: test.id,
    popupId: test.subject,
    status: test.status === 'kept' ? 'decided' : test.status === 'running' ? 'running' : 'stopped',
    variants: test.variants as VariantTexts[],
    plannedShows: test.plannedVisitors,
    startedAt: test.startedAt ?? test.createdAt,
    startedBy: test.startedBy ?? test.createdBy,
    stoppedAt: test.stoppedAt,
    stoppedBy: test.stoppedBy,
    winner: test.winner,
    autoKeep: test.autoKeep,
    verdictAt: test.verdictAt,
  };
}

/** A day's row in the pop-up's words: its visitors are the shows. */
export function splitTestDayOf({ visitors, ...row }: ExperimentDayRow): SplitTestDayRow {
  return { ...row, shows: visitors };
}

/** The pop-up tests of the one experiments repository. */
export function popupTests({ experiments }: Pick<Repositories, 'experiments'>) {
  return {
    /** Starts a test of the pop-up (its variants' texts, A first), unless one is running; in the caller's `trx` when given. */
    async start(
      popupId: string,
      variants: VariantTexts[],
      options: { plannedShows: number; actor: string; now: number; autoKeep?: boolean },
      trx?: Kysely<Database>,
    ): Promise<{ started: true; test: SplitTest } | { started: false; reason: 'running' }> {
      const created = await experiments.create(
        {
          kind: 'popup',
          subject: popupId,
          variants,
          plannedVisitors: options.plannedShows,
          autoKeep: options.autoKeep,
          start: true,
          actor: options.actor,
          now: options.now,
        },
        trx,
      );
      return created.created ? { started: true, test: splitTestOf(created.test) } : { started: false, reason: created.reason };
    },
    /** The running test of each pop-up that has one. */
    running: async () => (await experiments.running('popup')).map(splitTestOf),
    async get(id: string): Promise<SplitTest | undefined> {
      const test = await experiments.get(id);
      return test?.kind === 'popup' ? splitTestOf(test) : undefined;
    },
    /** The pop-up's tests, newest first. */
    forPopup: async (popupId: string) => (await experiments.list('popup', popupId)).map(splitTestOf),
    /** The ended tests of every pop-up, the last ended first. */
    finished: async () => (await experiments.finished('popup')).map(splitTestOf),
    /** Ends a running test; `winner` when a variant was kept. False when it was not running. */
    stop: (id: string, options: { actor: string; now: number; winner?: number }, trx?: Kysely<Database>) => experiments.stop(id, options, trx),
    visitorSeen: (testId: string, visitor: string) => experiments.visitorSeen(testId, visitor),
    /** A visitor saw `variant`: true when this is their first show in the test (only then it counts). */
    recordExposure: (event: VisitorEvent) => experiments.recordVisitor(event),
    /** A visitor's lead counted for the variant they were shown (`leadId`: the accepted lead, when stored). */
    recordConversion: (event: VisitorEvent, leadId: number | null = null) => experiments.recordConversion({ ...event, leadId }),
    perDay: async (testId: string) => (await experiments.perDay(testId)).map(splitTestDayOf),
    /** Per variant, the networks its counted shows and leads came from. */
    networks: async (testId: string) => (await experiments.networks(testId)).map(({ visitors, ...row }) => ({ ...row, shows: visitors })),
    concludeVerdict: experiments.concludeVerdict,
  };
}
