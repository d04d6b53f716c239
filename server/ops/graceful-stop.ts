import { consoleLogger, errorKind, type Logger } from '../log';

export interface GracefulStopOptions {
  /** What stops: `web` (an instance of the site) or `worker` (`npm run worker`), for the log. */
  process: string;
  /** Finishes what the process holds: requests in flight, the delivery under way, the database. */
  stop: () => Promise<void>;
  /** The most `stop` may take; past it the process exits 1 and what it held is taken over elsewhere. */
  graceMs: number;
  log?: Logger;
  exit?: (code: number) => void;
}

/**
 * On SIGTERM (systemd's stop, a rolling deploy) or SIGINT: runs `stop` once, at most `graceMs`, then
 * exits 0, or 1 when it failed or ran out of time. A second signal changes nothing. The grace must stay
 * below the unit's TimeoutStopSec, after which systemd sends SIGKILL.
 */
export function exitGracefullyOnSignal({ process: name, stop, graceMs, log = consoleLogger, exit = (code) => process.exit(code) }: GracefulStopOptions): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('process.stopping', { process: name, signal, graceMs });
    void finishWithin(stop(), graceMs).then((outcome) => {
      if (outcome === 'finished') log.info('process.stopped', { process: name });
      else log.error('process.stop_incomplete', { process: name, outcome });
      exit(outcome === 'finished' ? 0 : 1);
    });
  };
  // `on`, not `once`: a second signal (Ctrl+C pressed twice) must find us still listening, or it kills.
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Whether `work` settled in time: `finished`, `timed_out`, or the kind of error it failed with. */
export async function finishWithin(work: Promise<unknown>, ms: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('timed_out'), ms)));
  try {
    return await Promise.race([
      work.then(
        () => 'finished',
        (error: unknown) => `failed: ${errorKind(error)}`,
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
