import { afterEach, describe, expect, it } from 'vitest';
import { clearLiveContent, liveContent } from '@/content/live/state';
import { freshLiveContent, generationOf, refreshLiveContent, registerContentSource, type ContentInEffect } from './live';

const nothing: ContentInEffect['content'] = { prices: {}, articles: [], events: [] };
const priced = (price: number): ContentInEffect['content'] => ({ ...nothing, prices: { 'junior-js': [{ price }] } });

describe('the console content in effect on one instance', () => {
  afterEach(() => clearLiveContent());

  it('is the same generation for the same content, and none ("") while the console has nothing in effect', () => {
    expect(generationOf(nothing)).toBe('');
    expect(generationOf(priced(13_790))).toBe(generationOf(priced(13_790)));
    expect(generationOf(priced(13_790))).not.toBe(generationOf(priced(14_990)));
  });

  it('is read again once `refreshMs` has passed, not before', async () => {
    let price = 13_790;
    let reads = 0;
    registerContentSource(() => {
      reads += 1;
      return Promise.resolve({ content: priced(price), nextChangeAt: null });
    }, 15_000);
    await freshLiveContent(1_000_000);
    expect(liveContent().prices['junior-js']).toEqual([{ price: 13_790 }]);
    price = 14_990;
    await freshLiveContent(1_014_999);
    expect([reads, liveContent().prices['junior-js']]).toEqual([1, [{ price: 13_790 }]]);
    await freshLiveContent(1_015_000);
    expect([reads, liveContent().prices['junior-js']]).toEqual([2, [{ price: 14_990 }]]);
  });

  it('is read again at the minute of a scheduled change, however recent the last read', async () => {
    const at = 2_000_000;
    let reads = 0;
    registerContentSource((now) => {
      reads += 1;
      return Promise.resolve(
        now.getTime() >= at + 60_000 ? { content: priced(9_990), nextChangeAt: null } : { content: nothing, nextChangeAt: new Date(at + 60_000) },
      );
    }, 120_000);
    await freshLiveContent(at);
    expect(liveContent().generation).toBe('');
    await freshLiveContent(at + 59_999);
    expect(reads).toBe(1);
    await freshLiveContent(at + 60_000);
    expect([reads, liveContent().prices['junior-js']]).toEqual([2, [{ price: 9_990 }]]);
  });

  it('is read at once after a console change on this instance, and kept as it was when the database does not answer', async () => {
    let fail = false;
    let price = 13_790;
    registerContentSource(() => (fail ? Promise.reject(new Error('database down')) : Promise.resolve({ content: priced(price), nextChangeAt: null })), 15_000);
    await freshLiveContent(3_000_000);
    price = 11_990;
    await refreshLiveContent(3_000_001);
    expect(liveContent().prices['junior-js']).toEqual([{ price: 11_990 }]);
    fail = true;
    await refreshLiveContent(3_000_002);
    expect(liveContent().prices['junior-js']).toEqual([{ price: 11_990 }]);
  });
});
