import { moscowToday } from '@/lib/calendar';
import { VITALS_RETENTION_DAYS } from '@/lib/vitals/metrics';
import type { GetCourseConfig, RetentionConfig, WorkerConfig } from '../config';
import type { ImportResult } from '../getcourse/client';
import { consoleLogger, errorKind, type Logger } from '../log';
import type { ClaimedDelivery, Repositories } from '../repositories/types';
import { nextAttemptAt } from './backoff';
import { deliver } from './deliveries';
import { PollingLoop } from './polling-loop';
import { ADDRESS_COUNTER_DAYS } from '../traffic/caps';

export interface OutboxWorkerOptions extends Pick<WorkerConfig, 'pollMs' | 'batchSize' | 'retry'> {
  repos: Repositories;
  /** Null: GetCourse is not configured; deliveries stay pending (never dropped) and nothing is sent. */
  getCourse: GetCourseConfig | null;
  /**
   * Personal-data retention (repos.personalData.applyRetention), the console's audit log after
   * `policy.auditDays` (repos.audit.deleteBefore), the field vitals' 90 days (repos.vitals.deleteBefore)
   * and the per-address counters of the figures' caps, kept two days (repos.traffic.deleteCountersBefore):
   * run at start, then every `everyMs` (an hour).
   */
  retention: { repos: Pick<Repositories, 'personalData' | 'audit'> & Partial<Pick<Repositories, 'vitals' | 'traffic'>>; policy: RetentionConfig; everyMs?: number };
  log?: Logger;
  now?: () => number;
  random?: () => number;
}

export interface RunSummary {
  claimed: number;
  sent: number;
  retrying: number;
  dead: number;
}

/** A claim outlives the slowest possible delivery (its GetCourse call is abandoned at the timeout), so a live worker never loses its rows. */
export function claimLeaseMs(getCourseTimeoutMs = 10_000): number {
  return 2 * getCourseTimeoutMs + 5000;
}

const NOT_CONFIGURED_REPORT_EVERY_MS = 10 * 60_000;
const RETENTION_EVERY_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Delivers the outbox to GetCourse: claims due rows, sends them (one function a kind, in parallel up
 * to the batch size), records each result. Runs in the web process or on its own (`npm run worker`);
 * any number of workers can share the database, a row goes to one of them at a time.
 */
export class OutboxWorker extends PollingLoop {
  private readonly log: Logger;
  private readonly now: () => number;
  private readonly leaseMs: number;
  private lastNotConfiguredReportAt = Number.NEGATIVE_INFINITY;
  private nextRetentionAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: OutboxWorkerOptions) {
    super();
    this.log = options.log ?? consoleLogger;
    this.now = options.now ?? Date.now;
    this.leaseMs = claimLeaseMs(options.getCourse?.timeoutMs);
  }

  start(): void {
    if (this.running) return;
    this.log.info('outbox.worker_started', { configured: this.options.getCourse !== null, pollMs: this.options.pollMs });
    this.startLoop();
  }

  /** Stops claiming, lets the deliveries under way finish (each is bounded by the GetCourse timeout). */
  override async stop(): Promise<void> {
    await super.stop();
    this.log.info('outbox.worker_stopped');
  }

  /** Claims one batch of due deliveries and sends it. */
  async runOnce(): Promise<RunSummary> {
    const summary: RunSummary = { claimed: 0, sent: 0, retrying: 0, dead: 0 };
    const getCourse = this.options.getCourse;
    if (!getCourse) return summary;
    const claimed = await this.options.repos.outbox.claimDue({
      now: this.now(),
      limit: this.options.batchSize,
      leaseMs: this.leaseMs,
    });
    summary.claimed = claimed.length;
    // Wait for every delivery of the batch, even when recording one of them failed (database away).
    const results = await Promise.allSettled(
      claimed.map(async (claim) => {
        const outcome = await this.deliverOne(claim, getCourse);
        summary[outcome] += 1;
      }),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    return summary;
  }

  private async deliverOne(claim: ClaimedDelivery, getCourse: GetCourseConfig): Promise<'sent' | 'retrying' | 'dead'> {
    let result: ImportResult;
    try {
      result = await deliver(claim, { repos: this.options.repos, getCourse });
    } catch (error) {
      result = { ok: false, error: `delivery failed (${errorKind(error)})` };
    }
    const now = this.now();
    const ids = { outboxId: claim.id, kind: claim.kind, leadId: claim.leadId, attempts: claim.attempts };
    if (result.ok) {
      const recorded = await this.options.repos.outbox.markSent(claim, now);
      this.log.info(recorded ? 'outbox.sent' : 'outbox.sent_after_claim_expired', { ...ids, dealNumber: claim.dealNumber });
      return 'sent';
    }
    const retryAt = nextAttemptAt(claim.attempts, this.options.retry, now, this.options.random);
    await this.options.repos.outbox.markFailed(claim, { error: result.error, retryAt }, now);
    if (retryAt === null) {
      this.log.error('outbox.dead', { ...ids, error: result.error });
      return 'dead';
    }
    this.log.warn('outbox.retry', { ...ids, error: result.error, retryInMs: retryAt - now });
    return 'retrying';
  }

  protected async loop(): Promise<void> {
    let consecutiveErrors = 0;
    while (this.running) {
      // Also without GetCourse: stored leads age all the same.
      await this.retainIfDue();
      let busy = false;
      try {
        if (this.options.getCourse) {
          const summary = await this.runOnce();
          busy = summary.claimed >= this.options.batchSize;
        } else {
          await this.reportNotConfigured();
        }
        consecutiveErrors = 0;
      } catch (error) {
        // The database is away (restart, network): keep the process, try again a little later.
        consecutiveErrors += 1;
        this.log.error('outbox.worker_error', { error: errorKind(error), consecutiveErrors });
      }
      if (!busy) await this.sleep(this.options.pollMs * Math.min(2 ** consecutiveErrors, 30));
    }
  }

  /** A failed run (database away) is logged and tried again an interval later; deliveries go on meanwhile. */
  private async retainIfDue(): Promise<void> {
    const now = this.now();
    if (now < this.nextRetentionAt) return;
    const { repos, policy, everyMs = RETENTION_EVERY_MS } = this.options.retention;
    this.nextRetentionAt = now + everyMs;
    try {
      const counts = await repos.personalData.applyRetention(policy, now);
      const auditDeleted = await repos.audit.deleteBefore(now - policy.auditDays * DAY_MS);
      const vitalsDeleted = repos.vitals ? await repos.vitals.deleteBefore(moscowToday(new Date(now - VITALS_RETENTION_DAYS * DAY_MS))) : 0;
      const addressCountersDeleted = repos.traffic ? await repos.traffic.deleteCountersBefore(moscowToday(new Date(now - ADDRESS_COUNTER_DAYS * DAY_MS))) : 0;
      this.log.info('privacy.retention', { ...counts, auditDeleted, vitalsDeleted, addressCountersDeleted });
    } catch (error) {
      this.log.error('privacy.retention_failed', { error: errorKind(error) });
    }
  }

  private async reportNotConfigured(): Promise<void> {
    if (this.now() - this.lastNotConfiguredReportAt < NOT_CONFIGURED_REPORT_EVERY_MS) return;
    this.lastNotConfiguredReportAt = this.now();
    const counts = await this.options.repos.outbox.countByStatus();
    this.log.warn('outbox.not_configured', {
      message: 'GETCOURSE_ACCOUNT/GETCOURSE_API_KEY are not set: deliveries are kept and wait',
      waiting: counts.pending + counts.sending,
    });
  }
}
