import type { OutboxFailure } from '@/lib/outbox-failures';
import type { RetryPolicy } from '../config';
import { consoleLogger, type LogFields, type Logger } from '../log';
import type { ClaimResults, OutboxClaim } from '../repositories/outbox-rows';
import { nextAttemptAt } from './backoff';
import { PollingLoop } from './polling-loop';

/**
 * A claim outlives the slowest possible send (its call is abandoned at `timeoutMs`), so a live worker
 * never loses its rows; past it another worker takes them over.
 */
export function claimLeaseMs(timeoutMs = 10_000): number {
  return 2 * timeoutMs + 5000;
}

/**
 * What one send came to. A failure is stored as its code (lib/outbox-failures.ts) and a detail without
 * personal data; `retryAfterMs`: the service asked us to wait (Telegram's 429 retry_after).
 */
export type SendResult = { ok: true } | { ok: false; code: OutboxFailure; detail: string | null; retryAfterMs?: number };

/** The rows of one message, claimed together and recorded together (so a digest stays one). */
export interface QueueJob {
  claims: readonly Pick<OutboxClaim, 'id' | 'claimToken' | 'attempts'>[];
  /** What the job's log lines say: ids and counts, never personal data. */
  logFields: LogFields;
}

/**
 * One queue of the outbox plugged into the worker: where its due work is, how a job is claimed and sent.
 * The worker does the rest, the same for every queue: the passes, the results, the retries and the stop.
 */
export interface QueueHandler<Due, Job extends QueueJob> {
  /** The log events' prefix: `<name>.sent`, `<name>.retry`, `<name>.dead`, `<name>.worker_started`. */
  name: string;
  /** The queue's repository, where the results are recorded. */
  results: ClaimResults;
  /** False when this server cannot send (the service is not configured): nothing is claimed, the rows wait. */
  configured: boolean;
  /** The start's log line. */
  describe: LogFields;
  /** A pass that found this many due items (or more) left more due: the next one starts at once. */
  batchSize?: number;
  /** The due items of a pass, handled side by side: claimed rows, or recipients whose rows `claim` takes. */
  due(now: number): Promise<Due[]>;
  /** The job of one due item, its rows claimed under a lease (claimLeaseMs); null: nothing to send after all. */
  claim(item: Due, now: number): Promise<Job | null>;
  /** Sends a job; the service's failures are results, not throws. */
  send(job: Job): Promise<SendResult>;
  /** After the job's result was recorded, or recording it (or the send) threw: `result` null then. */
  release?(job: Job, result: SendResult | null, at: number): Promise<void>;
  /** While not configured: what the warning every ten minutes says. Without it such a worker does not start. */
  unconfigured?(): Promise<LogFields>;
}

export interface QueueWorkerOptions {
  pollMs: number;
  retry: RetryPolicy;
  log?: Logger;
  now?: () => number;
  random?: () => number;
}

/** One pass: the jobs claimed, and what became of them. */
export interface RunSummary {
  claimed: number;
  sent: number;
  retrying: number;
  dead: number;
}

const UNCONFIGURED_REPORT_EVERY_MS = 10 * 60_000;

/**
 * Works one queue of the outbox: claims the due jobs, sends them side by side, records each result: sent,
 * due again after a back-off with jitter (never before the service's retry_after), or dead after the
 * attempt limit. Any number of workers can share the database (in the web processes, or `npm run
 * worker`): a row goes to one of them at a time, and a claim whose worker died expires.
 */
export class QueueWorker<Due, Job extends QueueJob> extends PollingLoop {
  private readonly log: Logger;
  private readonly now: () => number;
  private lastUnconfiguredReportAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly handler: QueueHandler<Due, Job>,
    private readonly options: QueueWorkerOptions,
  ) {
    const log = options.log ?? consoleLogger;
    super({ name: handler.name, pollMs: options.pollMs, log });
    this.log = log;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (this.running || (!this.handler.configured && !this.handler.unconfigured)) return;
    this.log.info(`${this.handler.name}.worker_started`, { ...this.handler.describe, pollMs: this.options.pollMs });
    this.startLoop();
  }

  /** Claims nothing more, lets the jobs under way finish (each is bounded by its service's timeout). */
  override async stop(): Promise<void> {
    const wasRunning = this.running;
    await super.stop();
    if (wasRunning) this.log.info(`${this.handler.name}.worker_stopped`);
  }

  /** One pass over the due jobs. */
  async runOnce(): Promise<RunSummary> {
    return (await this.runPass()).summary;
  }

  protected async pass(): Promise<boolean> {
    if (this.handler.configured) return (await this.runPass()).busy;
    await this.reportUnconfigured();
    return false;
  }

  private async runPass(): Promise<{ summary: RunSummary; busy: boolean }> {
    const summary: RunSummary = { claimed: 0, sent: 0, retrying: 0, dead: 0 };
    if (!this.handler.configured) return { summary, busy: false };
    const items = await this.handler.due(this.now());
    // Wait for every job of the pass, even when recording one of them failed (database away).
    const results = await Promise.allSettled(
      items.map(async (item) => {
        const outcome = await this.runJob(item);
        if (outcome === null) return;
        summary.claimed += 1;
        summary[outcome] += 1;
      }),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const { batchSize } = this.handler;
    return { summary, busy: batchSize !== undefined && items.length >= batchSize };
  }

  /** Claim, send, record: null when there was nothing to send. */
  private async runJob(item: Due): Promise<'sent' | 'retrying' | 'dead' | null> {
    const claimedAt = this.now();
    const job = await this.handler.claim(item, claimedAt);
    if (!job) return null;
    let result: SendResult | null = null;
    let at = claimedAt;
    try {
      result = await this.handler.send(job);
      at = this.now();
      return await this.record(job, result, at);
    } finally {
      await this.handler.release?.(job, result, at);
    }
  }

  private async record(job: Job, result: SendResult, now: number): Promise<'sent' | 'retrying' | 'dead'> {
    const { name, results } = this.handler;
    if (result.ok) {
      const recorded = await Promise.all(job.claims.map((claim) => results.markSent(claim, now)));
      this.log.info(recorded.every(Boolean) ? `${name}.sent` : `${name}.sent_after_claim_expired`, job.logFields);
      return 'sent';
    }
    const attempts = Math.max(...job.claims.map((claim) => claim.attempts));
    let retryAt = nextAttemptAt(attempts, this.options.retry, now, this.options.random);
    if (retryAt !== null && result.retryAfterMs !== undefined) retryAt = Math.max(retryAt, now + result.retryAfterMs);
    await Promise.all(job.claims.map((claim) => results.markFailed(claim, { code: result.code, detail: result.detail, retryAt }, now)));
    if (retryAt === null) {
      this.log.error(`${name}.dead`, { ...job.logFields, error: result.code, detail: result.detail });
      return 'dead';
    }
    this.log.warn(`${name}.retry`, { ...job.logFields, error: result.code, detail: result.detail, retryInMs: retryAt - now });
    return 'retrying';
  }

  private async reportUnconfigured(): Promise<void> {
    if (!this.handler.unconfigured || this.now() - this.lastUnconfiguredReportAt < UNCONFIGURED_REPORT_EVERY_MS) return;
    this.lastUnconfiguredReportAt = this.now();
    this.log.warn(`${this.handler.name}.not_configured`, await this.handler.unconfigured());
  }
}
