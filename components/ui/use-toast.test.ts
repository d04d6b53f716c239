import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('toast store timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules(); // a fresh store for each test
  });
  afterEach(() => vi.useRealTimers());

  it('removes a dismissed toast 20 s later, not before', async () => {
    const { toast, getToasts } = await import('./use-toast');
    const shown = toast({ title: 'Ошибка' });
    shown.dismiss();
    expect(getToasts()).toEqual([expect.objectContaining({ id: shown.id, open: false })]);
    vi.advanceTimersByTime(19_999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it('a new toast replaces the shown one at once', async () => {
    const { toast, getToasts } = await import('./use-toast');
    toast({ title: 'первый' });
    const second = toast({ title: 'второй', variant: 'destructive' });
    expect(getToasts()).toEqual([expect.objectContaining({ id: second.id, title: 'второй', variant: 'destructive', open: true })]);
  });

  it('dismissing all closes every toast and removes them later', async () => {
    const { toast, dismissToast, getToasts } = await import('./use-toast');
    toast({ title: 'один' });
    dismissToast();
    expect(getToasts().every((t) => !t.open)).toBe(true);
    vi.advanceTimersByTime(20_000);
    expect(getToasts()).toEqual([]);
  });
});
