import { AUTO_KEEP_ACTOR } from '@/lib/actors';
import { isDecisive, keptByVerdict, verdictNotice } from '@/lib/experiments/plain-words';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { withTexts } from '@/lib/experiments/variants';
import { popupName } from '@/content/names';
import { planAlerts } from '../alerts/plan';
import type { AlertsConfig } from '../config';
import { ScheduledJob, type JobStep } from '../jobs/scheduled-job';
import type { Logger } from '../log';
import type { Repositories } from '../repositories';
import { splitTestView } from './report';
import { popupTests } from './subjects/popup';

/** How often the verdicts are looked at: a test's figures change by the day, a verdict may wait a few minutes. */
export const VERDICT_EVERY_MS = 10 * 60_000;

/** The console page of a pop-up, for the alert's link; null without SITE_URL. */
function popupLink(siteUrl: string | null, popupId: string): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(`/admin/popups/${encodeURIComponent(popupId)}`, siteUrl).toString();
  } catch {
    return null;
  }
}

/**
 * One pass over the running tests: a test whose verdict is in (a variant better, all worse, or no
 * difference) is announced once where the lead alerts go («Тест поп-апа «…» закончен: …»), and a test
 * started with «Оставить победителя автоматически» keeps the verdict's variant by itself (the better
 * one, else A: never a losing variant), with its journal row. A test whose figures may not decide by
 * themselves (too few networks behind them, too much uncounted: lib/experiments/trust.ts) is neither
 * announced nor kept; its console page says why, and it is looked at again next time. Any number of
 * instances may run it at once: the repository marks each verdict in one conditional update, so one of
 * them announces it.
 */
export function splitTestVerdictStep({ repos, alerts }: { repos: Repositories; alerts: AlertsConfig }): JobStep {
  return {
    name: 'split_tests.verdicts',
    async run(now) {
      let announced = 0;
      let kept = 0;
      let held = 0;
      for (const test of await popupTests(repos).running()) {
        if (test.verdictAt !== null) continue;
        const view = await splitTestView(repos, test, now);
        const verdict = view.report.verdict;
        if (!isDecisive(verdict)) continue;
        if (view.trust.length > 0) {
          held += 1;
          continue;
        }
        const popup = await repos.popups.get(test.popupId);
        if (!popup) continue;
        const variant = test.autoKeep ? keptByVerdict(verdict) : null;
        const texts = variant === null ? undefined : test.variants[variant];
        const notice = { text: verdictNotice(popupName(popup.id), verdict, texts !== undefined), link: popupLink(alerts.siteUrl, popup.id) };
        const settings = await repos.settings.alertSettings();
        const notices = planAlerts(settings, { telegram: alerts.telegram !== null, email: alerts.email !== null }, now).map((alert) => ({ ...alert, notice }));
        const keep =
          variant === null || texts === undefined
            ? null
            : {
                variant,
                popupId: popup.id,
                config: { ...popup.config, content: withTexts(popup.config.content, texts), variants: [] } as ManagedPopupConfig,
                expectedVersion: popup.version,
                actor: AUTO_KEEP_ACTOR,
                audit: { automatic: true, verdict: verdict.kind },
              };
        const result = await popupTests(repos).concludeVerdict({ testId: test.id, now, notices, keep });
        if (!result.concluded) continue;
        announced += 1;
        if (keep) kept += 1;
      }
      return { splitTestVerdicts: announced, splitTestsKept: kept, splitTestsHeld: held };
    },
  };
}

/** The verdict job: its own scheduled loop in each process that runs the background work. */
export function createSplitTestVerdictJob(options: {
  repos: Repositories;
  alerts: AlertsConfig;
  everyMs?: number;
  log?: Logger;
  now?: () => number;
}): ScheduledJob {
  const { everyMs = VERDICT_EVERY_MS, ...rest } = options;
  return new ScheduledJob({ name: 'split_tests.verdicts', steps: [splitTestVerdictStep(rest)], everyMs, log: options.log, now: options.now });
}
