import { describe, expect, it, vi } from 'vitest';
import { retryingLoader } from './retry-import';

describe('retryingLoader', () => {
  it('tries again after a failed chunk and keeps the module once it came', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue({ default: 'Form' });
    const loader = retryingLoader(load, { delayMs: 1 });
    expect(await loader.load()).toEqual({ default: 'Form' });
    expect(await loader.load()).toEqual({ default: 'Form' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('rejects after its attempts, then starts over on the next call instead of keeping the rejection', async () => {
    const load = vi.fn().mockRejectedValue(new Error('ChunkLoadError'));
    const loader = retryingLoader(load, { attempts: 2, delayMs: 1 });
    await expect(loader.load()).rejects.toThrow('ChunkLoadError');
    expect(load).toHaveBeenCalledTimes(2);
    load.mockResolvedValue('module');
    await expect(loader.load()).resolves.toBe('module');
  });

  it('shares one attempt between callers that ask at the same time', async () => {
    const load = vi.fn().mockResolvedValue('module');
    const loader = retryingLoader(load);
    await Promise.all([loader.load(), loader.load()]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
