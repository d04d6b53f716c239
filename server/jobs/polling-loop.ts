import { errorKind, type Logger } from '../log';

export interface PollingLoopSettings {
  /** The log events' prefix: `<name>.worker_error`. */
  name: string;
  /** The pause between two passes. */
  pollMs: number;
  log: Logger;
}

/** After failed passes in a row the pause grows (2, 4, 8… times the poll), at most this many times. */
const MAX_BACK_OFF = 30;

/**
 * What every background job of a process shares (the queue workers, the retention job): a loop of
 * passes with a pause between them that `wake()` cuts short (a lead was just accepted), a longer pause
 * after each failed pass in a row (the database is away: the process stays and tries again a little
 * later), and a stop that lets the pass under way finish.
 */
export abstract class PollingLoop {
  protected running = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private wakeRequested = false;

  protected constructor(protected readonly loopSettings: PollingLoopSettings) {}

  /** One pass; true when it left more due at once (a full batch): the next starts without a pause. */
  protected abstract pass(): Promise<boolean>;

  protected startLoop(): void {
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops starting passes and waits for the one under way. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loopDone;
    this.loopDone = null;
  }

  /** Looks for due rows now instead of at the next poll. */
  wake(): void {
    this.wakeRequested = true;
    this.wakeUp?.();
  }

  private async loop(): Promise<void> {
    const { name, pollMs, log } = this.loopSettings;
    let consecutiveErrors = 0;
    while (this.running) {
      let busy = false;
      try {
        busy = await this.pass();
        consecutiveErrors = 0;
      } catch (error) {
        consecutiveErrors += 1;
        log.error(`${name}.worker_error`, { error: errorKind(error), consecutiveErrors });
      }
      if (!busy) await this.sleep(pollMs * Math.min(2 ** consecutiveErrors, MAX_BACK_OFF));
    }
  }

  /** Waits for the next poll, or less when `wake()` was called meanwhile or is called now. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        this.wakeRequested = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (this.wakeRequested || !this.running) done();
      else this.wakeUp = done;
    });
  }
}
