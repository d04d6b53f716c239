import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../log';
import { exitGracefullyOnSignal, finishWithin } from './graceful-stop';

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const signals = ['SIGTERM', 'SIGINT'] as const;
const listenersBefore = new Map(signals.map((signal) => [signal, process.listeners(signal)]));

afterEach(() => {
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!listenersBefore.get(signal)!.includes(listener)) process.off(signal, listener);
    }
  }
});

describe('finishWithin', () => {
  it('tells finished work from work that failed or ran out of time', async () => {
    expect(await finishWithin(Promise.resolve(), 1000)).toBe('finished');
    expect(await finishWithin(Promise.reject(new TypeError('boom')), 1000)).toBe('failed: TypeError');
    expect(await finishWithin(new Promise(() => undefined), 20)).toBe('timed_out');
  });
});

describe('exitGracefullyOnSignal', () => {
  it('stops once on SIGTERM, however many signals come, and exits 0 when the stop finished', async () => {
    const exit = vi.fn();
    let finishStop!: () => void;
    const stop = vi.fn(() => new Promise<void>((resolve) => (finishStop = resolve)));
    exitGracefullyOnSignal({ process: 'test', stop, graceMs: 5000, exit, log: quiet });

    process.emit('SIGTERM');
    process.emit('SIGINT');
    expect(stop).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
    finishStop();
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
  });

  it('exits 1 when the stop runs out of its grace', async () => {
    const exit = vi.fn();
    exitGracefullyOnSignal({ process: 'test', stop: () => new Promise(() => undefined), graceMs: 20, exit, log: quiet });
    process.emit('SIGTERM');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  });
});
