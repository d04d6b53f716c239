import { moscowToday } from '@/lib/calendar';
import { VITALS_RETENTION_DAYS } from '@/lib/vitals/metrics';
import type { RetentionConfig } from '../config';
import { ADDRESS_COUNTER_DAYS } from '../traffic/caps';
import { ScheduledJob, type JobStep } from '../jobs/scheduled-job';
import type { Logger } from '../log';
import type { Repositories } from '../repositories';

const DAY_MS = 86_400_000;
const RETENTION_EVERY_MS = 60 * 60_000;
/** Spent one-time links (operator invitations, the alert bot's join codes) are deleted this long after their use or expiry. */
export const SPENT_LINK_DAYS = 30;

/**
 * What the site deletes as it ages, one named step each; a new kind of data kept for a while is one
 * more step here. The counts of every step go into one `privacy.retention` log line.
 */
export function retentionSteps(
  repos: Pick<Repositories, 'personalData' | 'vitals' | 'audit' | 'traffic' | 'operatorInvitations' | 'alertJoins'>,
  policy: RetentionConfig,
): JobStep[] {
  return [
    // Delivered leads older than policy.leadDays lose their personal fields; spam goes after policy.spamDays.
    { name: 'personal-data', run: async (now) => ({ ...(await repos.personalData.applyRetention(policy, now)) }) },
    // Field Core Web Vitals (no personal data) after 90 days.
    { name: 'vitals', run: async (now) => ({ vitalsDeleted: await repos.vitals.deleteBefore(moscowToday(new Date(now - VITALS_RETENTION_DAYS * DAY_MS))) }) },
    // The console's journal (who did what, folded sign-in attempts) after policy.auditDays (a year).
    { name: 'audit', run: async (now) => ({ auditDeleted: await repos.audit.deleteBefore(now - policy.auditDays * DAY_MS) }) },
    // The per-address counters of the figures' daily caps (keyed address hashes) after two days.
    {
      name: 'address-counters',
      run: async (now) => ({ addressCountersDeleted: await repos.traffic.deleteCountersBefore(moscowToday(new Date(now - ADDRESS_COUNTER_DAYS * DAY_MS))) }),
    },
    // One-time links used or expired a month ago (operator invitations, the alert bot's join codes): only their hashes, kept for nothing.
    {
      name: 'spent-links',
      run: async (now) => ({
        invitationsDeleted: await repos.operatorInvitations.deleteSpentBefore(now - SPENT_LINK_DAYS * DAY_MS),
        joinCodesDeleted: await repos.alertJoins.deleteSpentCodesBefore(now - SPENT_LINK_DAYS * DAY_MS),
      }),
    },
  ];
}

export interface RetentionJobOptions {
  repos: Pick<Repositories, 'personalData' | 'vitals' | 'audit' | 'traffic' | 'operatorInvitations' | 'alertJoins'>;
  policy: RetentionConfig;
  /** A run at start, then one this often (an hour). */
  everyMs?: number;
  checkEveryMs?: number;
  log?: Logger;
  now?: () => number;
}

/**
 * The retention steps at a worker process's start and then hourly, beside the queue workers (in the web
 * process, or in `npm run worker`), whether GetCourse is configured or not: stored leads age all the same.
 */
export function createRetentionJob({ repos, policy, everyMs = RETENTION_EVERY_MS, ...options }: RetentionJobOptions): ScheduledJob {
  return new ScheduledJob({ name: 'privacy.retention', steps: retentionSteps(repos, policy), everyMs, ...options });
}
