import { describe, expect, it, vi } from 'vitest';
import { COUNTRY_STORAGE_KEY, detectCountry, GEO_TIMEOUT_MS } from './geolocation';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

const answer = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('detectCountry', () => {
  it('upper-cases the country and caches it in session storage', async () => {
    const storage = memoryStorage();
    const fetch = answer({ country: 'by', city: 'Минск' });
    await expect(detectCountry({ fetch, storage, log: vi.fn() })).resolves.toBe('BY');
    expect(storage.data.get(COUNTRY_STORAGE_KEY)).toBe('BY');
  });

  it('skips the request when a cached value exists', async () => {
    const fetch = answer({ country: 'BY' });
    await expect(detectCountry({ fetch, storage: memoryStorage({ [COUNTRY_STORAGE_KEY]: 'KZ' }) })).resolves.toBe('KZ');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads country_code when the service names it so', async () => {
    await expect(detectCountry({ fetch: answer({ country_code: 'de' }), storage: memoryStorage() })).resolves.toBe('DE');
  });

  it('logs "Network response was not ok" and falls back to RU on a bad status', async () => {
    const log = vi.fn();
    const storage = memoryStorage();
    await expect(detectCountry({ fetch: answer({}, 503), storage, log })).resolves.toBe('RU');
    expect(log).toHaveBeenCalledWith('Network response was not ok');
    expect(storage.data.has(COUNTRY_STORAGE_KEY)).toBe(false);
  });

  it('aborts after 7 s, logs "Request timed out" and falls back to RU', async () => {
    vi.useFakeTimers();
    try {
      const log = vi.fn();
      const hanging = vi.fn(
        (_url: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      );
      const result = detectCountry({ fetch: hanging, storage: memoryStorage(), log });
      await vi.advanceTimersByTimeAsync(GEO_TIMEOUT_MS - 1);
      expect(log).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe('RU');
      expect(log).toHaveBeenCalledWith('Request timed out');
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([[{ country: 'Russia' }], [{}], [null], ['RU']])('falls back to RU on an answer without a country code: %j', async (body) => {
    await expect(detectCountry({ fetch: answer(body), storage: memoryStorage(), log: vi.fn() })).resolves.toBe('RU');
  });

  it('falls back to RU when the network fails', async () => {
    const log = vi.fn();
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(detectCountry({ fetch: failing, storage: memoryStorage(), log })).resolves.toBe('RU');
    expect(log).toHaveBeenCalledWith('Failed to fetch');
  });

  it('ignores a corrupt cached value', async () => {
    const fetch = answer({ country: 'am' });
    await expect(detectCountry({ fetch, storage: memoryStorage({ [COUNTRY_STORAGE_KEY]: 'ru-RU' }) })).resolves.toBe('AM');
  });
});
