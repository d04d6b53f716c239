import { consoleLogger, errorKind, type LogFields, type Logger } from '../log';
import { PollingLoop } from './polling-loop';

/** One step of a scheduled job: its name, and what it does, returning its counts for the job's log line. */
export interface JobStep {
  name: string;
  run(now: number): Promise<LogFields>;
}

export interface ScheduledJobOptions {
  /** The log events: `<name>` after a run, with every step's counts; `<name>_failed` naming the steps that failed. */
  name: string;
  steps: readonly JobStep[];
  /** A run at start, then one every `everyMs` (by `now`). */
  everyMs: number;
  /** How often the loop looks whether a run is due. */
  checkEveryMs?: number;
  log?: Logger;
  now?: () => number;
  /**
   * No `<name>` line for a run whose counts are all zero: for a job that runs often (the autopilot looks
   * every few minutes, every second in the e2e stack) a line a run would drown the log. A daily job keeps
   * its line as the sign it ran.
   */
  quietWhenIdle?: boolean;
}

const CHECK_EVERY_MS = 60_000;

/**
 * Runs a list of steps at start and then once an interval. A step that fails is logged (the kind of
 * error only) and tried again at the next run; the steps after it run all the same.
 */
export class ScheduledJob extends PollingLoop {
  private readonly log: Logger;
  private readonly now: () => number;
  private nextRunAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: ScheduledJobOptions) {
    const log = options.log ?? consoleLogger;
    super({ name: options.name, pollMs: options.checkEveryMs ?? CHECK_EVERY_MS, log });
    this.log = log;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (!this.running) this.startLoop();
  }

  /** Runs every step now. */
  async runOnce(): Promise<void> {
    const { name, steps } = this.options;
    const now = this.now();
    const counts: LogFields = {};
    const failed: string[] = [];
    let firstError: string | undefined;
    for (const step of steps) {
      try {
        Object.assign(counts, await step.run(now));
      } catch (error) {
        failed.push(step.name);
        firstError ??= errorKind(error);
      }
    }
    const idle = Object.values(counts).every((count) => count === 0);
    if (failed.length < steps.length && !(this.options.quietWhenIdle && idle)) this.log.info(name, counts);
    if (failed.length > 0) this.log.error(`${name}_failed`, { error: firstError, steps: failed.join(', ') });
  }

  protected async pass(): Promise<boolean> {
    const now = this.now();
    if (now >= this.nextRunAt) {
      this.nextRunAt = now + this.options.everyMs;
      await this.runOnce();
    }
    return false;
  }
}
