import { requireOperator } from '@/server/admin/session';
import type { StoredPopup } from '@/server/repositories/popups';
import { splitTestView } from '@/server/experiments/report';
import { popupTests } from '@/server/experiments/subjects/popup';

/** The split test of a pop-up's page: its tests, the running (or last) one's results and what of it went uncounted. */
export async function loadSplitTest(popup: StoredPopup) {
  const { runtime, now } = await requireOperator();
  const tests = await popupTests(runtime.repos).forPopup(popup.id);
  const running = tests.find((test) => test.status === 'running') ?? null;
  const shown = running ?? tests[0];
  const view = shown ? await splitTestView(runtime.repos, shown, now) : null;
  return { popup, tests, running, view };
}

export type SplitTestData = Awaited<ReturnType<typeof loadSplitTest>>;
