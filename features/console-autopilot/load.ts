import { requireOperator } from '@/server/admin/session';
import { futilityPowerLoss } from '@/lib/experiments/sequential';

/** Done proposals the section lists, the last ended first. */
const DONE_SHOWN = 10;

/** The power the futility rule costs and the false positives it keeps, worked out once a process (a quarter of a second). */
let futilityCost: ReturnType<typeof futilityPowerLoss> | undefined;

/** «Автопилот» on «Тесты страниц»: its switch, the queue, the team's patterns and what the futility rule costs. */
export async function loadAutopilot() {
  const { runtime } = await requireOperator();
  const { autopilot } = runtime.repos;
  const [settings, open, done, patterns, retests] = await Promise.all([
    autopilot.settings(),
    autopilot.proposals(['proposed', 'approved', 'running']),
    autopilot.doneSince(0),
    autopilot.patterns(),
    autopilot.retests(),
  ]);
  futilityCost ??= futilityPowerLoss();
  return {
    settings,
    proposed: open.filter((p) => p.status === 'proposed'),
    approved: open.filter((p) => p.status === 'approved'),
    running: open.filter((p) => p.status === 'running'),
    done: done.slice(0, DONE_SHOWN),
    patterns,
    retests: [...retests],
    futility: futilityCost,
  };
}

export type AutopilotData = Awaited<ReturnType<typeof loadAutopilot>>;
