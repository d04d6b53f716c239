/**
 * What the outbox's workers (GetCourse deliveries, lead alerts) share: a loop of passes with a pause
 * between them that `wake()` cuts short (a lead was just accepted), and a stop that lets the pass under
 * way finish.
 */
export abstract class PollingLoop {
  protected running = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private wakeRequested = false;

  /** The worker's passes, until `running` turns false; each waits with `sleep` between passes. */
  protected abstract loop(): Promise<void>;

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

  /** Waits for the next poll, or less when `wake()` was called meanwhile or is called now. */
  protected sleep(ms: number): Promise<void> {
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
