import { describe, expect, it } from 'vitest';
import { chiSquareSurvival } from './sequential';
import { assignVariant, checkVariant, isSelfAnnouncedBot, readTestBlockId, testBlockId, variantLetter, withTexts } from './variants';

describe('assignment', () => {
  it('is fair: 20,000 visitors split evenly between 2, 3 and 4 variants', () => {
    for (const count of [2, 3, 4]) {
      const counts = Array<number>(count).fill(0);
      for (let i = 0; i < 20_000; i++) counts[assignVariant(`visitor-${i.toString(36)}-x`, 'test-1', count)]! += 1;
      const expected = 20_000 / count;
      const chi = counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
      expect(chiSquareSurvival(chi, count - 1)).toBeGreaterThan(0.001);
    }
  });

  it('is sticky for a visitor and re-splits with a new test', () => {
    const visitors = Array.from({ length: 200 }, (_, i) => `v${i}-abcdefghijklmnop`);
    expect(visitors.map((v) => assignVariant(v, 't1', 2))).toEqual(visitors.map((v) => assignVariant(v, 't1', 2)));
    const moved = visitors.filter((v) => assignVariant(v, 't1', 2) !== assignVariant(v, 't2', 2)).length;
    expect(moved).toBeGreaterThan(60);
    expect(moved).toBeLessThan(140);
  });
});

describe('variants', () => {
  it('letters, block ids', () => {
    expect(variantLetter(1)).toBe('B');
    expect(testBlockId('popup-middle-discount', 1)).toBe('popup:popup-middle-discount:B');
    expect(readTestBlockId('popup:popup-middle-discount:B')).toEqual({ popup: 'popup-middle-discount', variant: 1 });
    expect(readTestBlockId('popup')).toBeNull();
    expect(readTestBlockId('popup:x:E')).toBeNull();
  });

  it('checks texts like the pop-up itself', () => {
    expect(checkVariant({ headline: ' ', text: 'т', buttonLabel: 'к' }, 1)).toEqual([{ variant: 1, field: 'headline', code: 'empty' }]);
  });

  it('puts the texts into each kind of pop-up', () => {
    const texts = { headline: 'H', text: 'T', buttonLabel: 'B' };
    expect(withTexts({ kind: 'discount', title: 'a', text: 'b', submitLabel: 'c' }, texts)).toEqual({
      kind: 'discount',
      title: 'H',
      text: 'T',
      submitLabel: 'B',
    });
    const gift = withTexts({ kind: 'gift', title: 'a', submitLabel: 'c', offer: { price: 1, oldPrice: 2, condition: 'x' } }, texts);
    expect(gift).toEqual({ kind: 'gift', title: 'H', submitLabel: 'B', offer: { price: 1, oldPrice: 2, condition: 'T' } });
  });

  it('knows self-announced bots', () => {
    expect(isSelfAnnouncedBot('Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(true);
    expect(isSelfAnnouncedBot('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0')).toBe(true);
    expect(isSelfAnnouncedBot('')).toBe(true);
    expect(isSelfAnnouncedBot('Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 YaBrowser/24.1 Safari/537.36')).toBe(false);
  });
});
