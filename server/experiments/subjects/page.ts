/**
 * A page as an experiment's subject: a variant changes a course page's or a campaign landing's headline,
 * the line under it, the button's label and the tariff the price block leads with (null keeps the
 * page's own; A changes nothing), and the test is served by the proxy step on the page's address
 * (server/page-tests). The page tests' view of the one experiments repository: B and on are what the
 * console edits, A is added.
 */
import { noChanges, type PageVariantChanges } from '@/lib/page-tests/variants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Repositories } from '../../repositories';
import type { Experiment, VisitorEvent } from '../../repositories/experiments';

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

export function pageTestOf(test: Experiment): PageTest {
  return {
    id: test.id,
    pagePath: test.subject,
    status: test.status,
    version: test.version,
    variants: test.variants as PageVariantChanges[],
    plannedVisitors: test.plannedVisitors,
    createdAt: test.createdAt,
    createdBy: test.createdBy,
    updatedAt: test.updatedAt,
    startedAt: test.startedAt,
    startedBy: test.startedBy,
    stoppedAt: test.stoppedAt,
    stoppedBy: test.stoppedBy,
    winner: test.winner,
  };
}

type Who = { actor: string; now: number };

/** The page tests of the one experiments repository. */
export function pageTests({ experiments }: Pick<Repositories, 'experiments'>) {
  const pageOnly = (test: Experiment | null | undefined) => (test?.kind === 'page' ? pageTestOf(test) : undefined);
  return {
    /** A new draft test of a page with its variants (B on; A is added), in the caller's `trx` when given. */
    async create(input: { pagePath: string; variants: PageVariantChanges[]; plannedVisitors: number } & Who, trx?: Kysely<Database>): Promise<PageTest> {
      const created = await experiments.create(
        {
          kind: 'page',
          subject: input.pagePath,
          variants: [noChanges, ...input.variants],
          plannedVisitors: input.plannedVisitors,
          actor: input.actor,
          now: input.now,
        },
        trx,
      );
      if (!created.created) throw new Error('a draft is always created');
      return pageTestOf(created.test);
    },
    /** New changes for a draft's or a running test's variants (B on): null when it cannot take them. */
    edit: async (id: string, variants: PageVariantChanges[], who: Who, trx?: Kysely<Database>) =>
      pageOnly(await experiments.edit(id, [noChanges, ...variants], who, trx)) ?? null,
    async start(id: string, who: Who, trx?: Kysely<Database>) {
      const started = await experiments.start(id, who, trx);
      return started.started ? { started: true as const, test: pageTestOf(started.test) } : started;
    },
    stop: (id: string, who: Who & { winner?: number }, trx?: Kysely<Database>) => experiments.stop(id, who, trx),
    get: async (id: string) => pageOnly(await experiments.get(id)),
    /** Every page test, newest first. */
    list: async () => (await experiments.list('page')).map(pageTestOf),
    finished: async () => (await experiments.finished('page')).map(pageTestOf),
    running: async () => (await experiments.running('page')).map(pageTestOf),
    /** The visitor was served `variant`: true when this is their first visit in the test (counted once). */
    recordVisitor: (event: Omit<VisitorEvent, 'network'> & { network?: string | null }) => experiments.recordVisitor({ network: null, ...event }),
    /** The variant the visitor was served in the test, or null. */
    visitorVariant: async (testId: string, visitor: string) => (await experiments.visitorSeen(testId, visitor)).shown,
  };
}
