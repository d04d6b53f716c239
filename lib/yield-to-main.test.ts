import { afterEach, describe, expect, it, vi } from 'vitest';
import { inSmallTasks, yieldToMain } from './yield-to-main';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await yieldToMain();
    expect(yielded).toHaveBeenCalledOnce();
  });

  it('falls back to a zero timeout: the rest runs in a later task', async () => {
    vi.useFakeTimers();
    let resumed = false;
    void yieldToMain().then(() => (resumed = true));
    await Promise.resolve();
    expect(resumed).toBe(false);
    await vi.runAllTimersAsync();
    expect(resumed).toBe(true);
  });
});

describe('inSmallTasks', () => {
  it('runs the steps in order, a task apart, and stops once cancelled', async () => {
    const tasks: (() => void)[] = [];
    vi.stubGlobal('setTimeout', (callback: () => void) => tasks.push(callback));
    const nextTask = async () => {
      tasks.shift()?.();
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      await Promise.resolve();
    };
    const ran: number[] = [];
    let cancelled = false;
    const done = inSmallTasks([() => void ran.push(1), () => void ran.push(2), () => void ran.push(3)], () => cancelled);
    expect(ran, 'the first step at once').toEqual([1]);
    await Promise.resolve();
    expect(ran, 'the second only in a later task').toEqual([1]);
    await nextTask();
    expect(ran).toEqual([1, 2]);
    cancelled = true;
    await nextTask();
    await done;
    expect(ran).toEqual([1, 2]);
    vi.unstubAllGlobals();
  });
});
