/**
 * The autopilot's pass, on the job's clock: while it is on, each running test of its queue is looked at
 * (ended by its verdict — its winner kept when the team asked so — or for futility, which then shows in
 * «Что мы узнали» as every finished test does), the approved proposals whose place is free start in the
 * queue's order, and new proposals are drafted from the places' figures (never started: a person's
 * «Запустить» approves them). Once a week one message goes where the lead alerts go (Telegram, e-mail):
 * what was decided, what runs, what is proposed.
 */
import { testedPlaceName } from '@/content/names';
import { AUTOPILOT_ACTOR } from '@/lib/actors';
import { decideAtLook, placeKey, proposalsToStart, questionKey, rankOpportunities } from '@/lib/experiments/autopilot';
import { weeklyMessage, type EndReason } from '@/lib/experiments/autopilot-words';
import { plannedShowsPerVariant } from '@/lib/experiments/sequential';
import { planAlerts } from '../alerts/plan';
import type { AlertsConfig } from '../config';
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';
import { ScheduledJob, type JobStep } from '../jobs/scheduled-job';
import type { Logger } from '../log';
import type { Repositories } from '../repositories';
import type { AutopilotProposal } from '../repositories/autopilot';
import type { ExperimentsPort } from './experiments-port';

export const WEEK_MS = 7 * 86_400_000;
/** Proposals waiting for «Запустить» at once, at most: the team reads a short list. */
export const MAX_WAITING_PROPOSALS = 3;

interface Dependencies {
  repos: Repositories;
  database: DatabaseHandle;
  port: ExperimentsPort;
  alerts: AlertsConfig;
}

export function autopilotStep({ repos, database, port, alerts }: Dependencies): JobStep {
  const look = async (proposal: AutopilotProposal, keepWinner: boolean, now: number): Promise<EndReason | null> => {
    const seen = await port.look(proposal.kind, proposal.testId!, now);
    if (!seen) {
      await repos.autopilot.markDone(proposal.id, { reason: 'by_hand', kept: false, now });
      return 'by_hand';
    }
    const decision = decideAtLook({ verdict: seen.verdict, futile: seen.futile, keepWinner });
    if (decision.action === 'continue') return null;
    if (!(await port.end(proposal.kind, proposal.testId!, { winner: decision.keep, actor: AUTOPILOT_ACTOR, now }))) return null;
    await repos.autopilot.markDone(proposal.id, { reason: decision.reason, kept: decision.keep !== null, now });
    return decision.reason;
  };

  return {
    name: 'autopilot',
    async run(now) {
      const settings = await repos.autopilot.settings();
      const counts = { autopilotEnded: 0, autopilotStarted: 0, autopilotProposed: 0, autopilotWeekly: 0 };
      if (settings.enabled) {
        for (const proposal of await repos.autopilot.proposals(['running'])) if (await look(proposal, settings.keepWinner, now)) counts.autopilotEnded += 1;

        const running = await port.running();
        const busy = new Set(running.map((test) => placeKey({ kind: test.kind, key: test.place })));
        const approved = await repos.autopilot.proposals(['approved']);
        for (const next of proposalsToStart(
          approved.map((p) => ({ ...p, key: p.place })),
          busy,
        )) {
          const proposal = approved.find((p) => p.id === next.id)!;
          const outcome = await port.start({ ...proposal, actor: proposal.approvedBy ?? AUTOPILOT_ACTOR, now });
          if (outcome.started) {
            await repos.autopilot.markRunning(proposal.id, outcome.testId, now);
            counts.autopilotStarted += 1;
          } else if (outcome.reason !== 'running') await repos.autopilot.dismiss(proposal.id);
        }

        const open = await repos.autopilot.proposals(['proposed', 'approved', 'running']);
        const waiting = open.filter((p) => p.status === 'proposed').length;
        if (waiting < MAX_WAITING_PROPOSALS) {
          const [figures, history, patterns, retest, runningNow] = await Promise.all([
            port.figures(now),
            port.history(),
            repos.autopilot.patterns(),
            repos.autopilot.retests(),
            port.running(),
          ]);
          const opportunities = rankOpportunities({
            places: figures,
            history,
            patterns,
            retest,
            busy: new Set([...open.map((p) => placeKey({ kind: p.kind, key: p.place })), ...runningNow.map((t) => placeKey({ kind: t.kind, key: t.place }))]),
            plannedPerVariant: (rate) => plannedShowsPerVariant(rate),
          });
          const added = await repos.autopilot.propose(
            opportunities.slice(0, MAX_WAITING_PROPOSALS - waiting).map((o) => ({
              kind: o.kind,
              place: o.key,
              element: o.element,
              text: o.text,
              source: o.source,
              figures: { missed: o.missed, rate: o.rate, daysNeeded: o.daysNeeded },
            })),
            now,
          );
          counts.autopilotProposed = added.length;
          // A retest the team asked for is answered by the proposal that asks the question again.
          await repos.autopilot.forgetRetests(added.map((p) => questionKey({ kind: p.kind, key: p.place, element: p.element, text: p.text })));
        }
      }

      if (await repos.autopilot.claimWeekly(now, now - WEEK_MS)) {
        const since = settings.weeklySentAt ?? now - WEEK_MS;
        const line = (p: AutopilotProposal) => ({ place: testedPlaceName(p.kind, p.place), element: p.element, text: p.text });
        const text = weeklyMessage({
          decided: (await repos.autopilot.doneSince(since)).map((p) => ({ ...line(p), reason: p.endReason ?? 'by_hand', kept: p.kept })),
          running: (await repos.autopilot.proposals(['running'])).map(line),
          proposed: (await repos.autopilot.proposals(['proposed'])).map(line),
        });
        if (text) {
          const alertSettings = await repos.settings.alertSettings();
          const notices = planAlerts(alertSettings, { telegram: alerts.telegram !== null, email: alerts.email !== null }, now).map((alert) => ({
            ...alert,
            notice: { text, link: consoleLink(alerts.siteUrl) },
          }));
          await inWriteTransaction(database, (trx) => repos.alertQueue.enqueueNotices(notices, now, trx));
          counts.autopilotWeekly = notices.length;
        }
      }
      return counts;
    },
  };
}

/** «Тесты страниц», where the autopilot lives, for the message's link; null without SITE_URL. */
function consoleLink(siteUrl: string | null): string | null {
  if (!siteUrl) return null;
  try {
    return new URL('/admin/page-tests#autopilot', siteUrl).toString();
  } catch {
    return null;
  }
}

export function createAutopilotJob(options: Dependencies & { everyMs: number; log?: Logger; now?: () => number }): ScheduledJob {
  const { everyMs, log, now, ...dependencies } = options;
  return new ScheduledJob({
    name: 'autopilot',
    steps: [autopilotStep(dependencies)],
    everyMs,
    checkEveryMs: Math.min(everyMs, 60_000),
    log,
    now,
    quietWhenIdle: true,
  });
}
