import { beforeEach, describe, expect, it } from 'vitest';
import { previewParameter, previewStorageKey } from '@/lib/popups/preview';
import { loadPopups, readPopups, readPreview, resetPopupSource } from './popup-source';

const popup = { id: 'promo-x', includePaths: ['/'], excludePaths: [], showDelayMs: 1000, formConfig: null, content: { kind: 'promo' } };

describe('the pop-up source of the browser', () => {
  beforeEach(() => resetPopupSource());

  it('reads the pop-ups of a good answer and leaves out malformed ones', () => {
    expect(readPopups({ popups: [popup, { id: 3 }, null] })).toEqual([popup]);
    expect(readPopups(null)).toEqual([]);
    expect(readPopups({ errors: [] })).toEqual([]);
  });

  it('is no pop-up when the endpoint fails, answers an error or is unreachable, and asks once', async () => {
    let calls = 0;
    const failing = (async () => {
      calls += 1;
      return new Response('{}', { status: 503 });
    }) as typeof fetch;
    expect(await loadPopups(failing)).toEqual([]);
    expect(await loadPopups(failing)).toEqual([]);
    expect(calls).toBe(1);
    resetPopupSource();
    expect(await loadPopups((async () => Promise.reject(new TypeError('offline'))) as typeof fetch)).toEqual([]);
    resetPopupSource();
    expect(await loadPopups((async () => new Response('not json')) as typeof fetch)).toEqual([]);
    resetPopupSource();
    expect(await loadPopups((async () => Response.json({ popups: [popup] })) as typeof fetch)).toEqual([popup]);
  });

  it('previews only when the page was opened for it and the console left a draft', () => {
    const storage = { getItem: (key: string) => (key === previewStorageKey ? JSON.stringify(popup) : null) };
    expect(readPreview(`?${previewParameter}=1`, storage)).toEqual(popup);
    expect(readPreview('', storage)).toBeNull();
    expect(readPreview(`?${previewParameter}=1`, { getItem: () => null })).toBeNull();
    expect(readPreview(`?${previewParameter}=1`, { getItem: () => '{broken' })).toBeNull();
  });
});
