/**
 * Gives the main thread back to the browser between two steps of work that need not run in one task: the
 * rest runs in a task of its own, after any input and rendering that waited. `scheduler.yield()` where the
 * browser has it (the rest keeps its place ahead of other queued tasks), a zero timeout elsewhere. The
 * idle widgets split their start with it: on a phone's processor no task of ours after the first paint
 * should take more than 50 ms (docs/speed.md).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `steps` one after another, each in a task of its own (`yieldToMain` before each but the first); stops once `cancelled()`. */
export async function inSmallTasks(steps: (() => void | Promise<void>)[], cancelled: () => boolean = () => false): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await yieldToMain();
    if (cancelled()) return;
    await step();
  }
}
