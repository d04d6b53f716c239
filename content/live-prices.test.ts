import { afterEach, describe, expect, it } from 'vitest';
import { coursePriceLine } from '@/lib/price-references';
import { courses, getCourse } from './courses';
import { giftOffers, giftPrices } from './gift-offer-prices';
import { clearLiveContent, type LiveContent, setLiveContent } from './live/state';
import { courseJsonLd } from '@/features/course-page/structured-data';

const live = (generation: string, prices: LiveContent['prices']) => setLiveContent({ generation, prices, articles: [], events: [] });
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe("the console's prices laid over the files' courses", () => {
  afterEach(() => clearLiveContent());

  it('changes the tariffs, every text that refers to them, the gift offers and the structured data; the files come back when the state empties', () => {
    const filePrice = getCourse('advanced-js')!.tariffs[0]!.price;
    const fileGift = giftPrices(13)!;
    const git = getCourse('git')!.tariffs[0]!;
    live('g1', {
      'advanced-js': [
        { price: 11_990, oldPrice: 19_700 },
        { price: 21_490, oldPrice: 30_700 },
      ],
      git: [{ price: git.price - 1000 }],
    });

    expect(getCourse('advanced-js')!.tariffs.map(({ price, oldPrice }) => [price, oldPrice])).toEqual([
      [11_990, 19_700],
      [21_490, 30_700],
    ]);
    expect(plain(coursePriceLine(getCourse('advanced-js')!))).toBe('от 11 990 ₽');
    // junior-js's gift landing names {цена advanced-js} in its text.
    expect(plain(JSON.stringify(getCourse('junior-js')))).toContain('стоимостью 11 990 ₽');
    expect(giftPrices(13)!.oldPrice).toBe(fileGift.oldPrice - 1000);
    expect(giftOffers().find((offer) => offer.number === 13)!.discount).toBeLessThanOrEqual(fileGift.discount);
    expect(courseJsonLd(getCourse('advanced-js')!).offers).toEqual(expect.arrayContaining([expect.objectContaining({ price: 11_990 })]));
    expect(courses()).toBe(courses());

    clearLiveContent();
    expect(getCourse('advanced-js')!.tariffs[0]!.price).toBe(filePrice);
    expect(giftPrices(13)).toEqual(fileGift);
  });

  it("keeps a course's file prices when the saved figures are for another number of tariffs (a release changed them)", () => {
    const file = getCourse('advanced-js')!.tariffs.map((tariff) => tariff.price);
    live('g2', { 'advanced-js': [{ price: 1000 }] });
    expect(getCourse('advanced-js')!.tariffs.map((tariff) => tariff.price)).toEqual(file);
  });
});
