/** `release_runs`: each run of the release timer (deploy/release.sh scheduled → scripts/release-due.ts --record). */
import type { DatabaseHandle } from '../db/connection';
import type { ReleaseRunsTable } from '../db/schema';

/** What became due on a run's day: an article, a story, a roadmap article or an event, by its title and page. */
export interface DueEntry {
  kind: 'article' | 'story' | 'roadmap' | 'event';
  title: string;
  path: string;
}

export interface ReleaseRun {
  ranAt: number;
  /** The Moscow day it checked, `2026-12-16`. */
  day: string;
  due: DueEntry[];
  /** `release`: something became due and the release followed; `nothing`: no release needed. */
  outcome: ReleaseRunsTable['outcome'];
}

export interface ReleaseRunsRepository {
  record(run: ReleaseRun): Promise<void>;
  /** The newest run, or null when the timer has never run against this database. */
  last(): Promise<ReleaseRun | null>;
}

export function createReleaseRunsRepository(handle: DatabaseHandle): ReleaseRunsRepository {
  const { db } = handle;
  return {
    async record(run) {
      await db
        .insertInto('release_runs')
        .values({ ran_at: run.ranAt, day: run.day, due: JSON.stringify(run.due), outcome: run.outcome })
        .execute();
    },

    async last() {
      const row = await db.selectFrom('release_runs').selectAll().orderBy('ran_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return row ? { ranAt: Number(row.ran_at), day: row.day, due: JSON.parse(row.due) as DueEntry[], outcome: row.outcome } : null;
    },
  };
}
