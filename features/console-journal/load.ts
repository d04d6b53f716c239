import { requireOperator } from '@/server/admin/session';

/** Journal entries a page: the oldest shown names where «Раньше» goes on. */
const PAGE = 100;

/** «Журнал»: the operators' actions, newest first, a page of them older than the entry `before` when given. */
export async function loadJournal(before: number | undefined) {
  const { runtime } = await requireOperator();
  const entries = await runtime.repos.audit.list({ before, limit: PAGE });
  return { entries, earlier: entries.length === PAGE ? entries.at(-1)!.id : null };
}

export type Journal = Awaited<ReturnType<typeof loadJournal>>;
