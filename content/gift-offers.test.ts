import { describe, expect, it, vi } from 'vitest';
import { formKind } from '@/lib/leads/form-config';
import { typography } from '@/lib/typography';
import { discountPercent } from '@/lib/money';
import { biggestGiftDiscount, getCourseFormsOrigin, giftDiscount, giftOffer, giftOffers } from './gift-offers';
import { findLeadForm } from './lead-forms';

// `server-only` throws outside React's server build; here typograf runs as it does on the server.
vi.mock('server-only', () => ({}));

// The table of spec 3: number, price, oldPrice, discount, monthly. Its discount column disagrees with the
// prices for offers 1, 3, 4, 5 and 12: those are stated discounts, tied to exactly these prices.
const specTable: [number, number, number, number, boolean][] = [
  [1, 558, 2990, 80, false],
  [2, 598, 2990, 80, false],
  [3, 1535, 2990, 45, false],
  [4, 4648, 6710, 34, true],
  [5, 4648, 6710, 34, true],
  [6, 7122, 10792, 34, true],
  [7, 7122, 10792, 34, true],
  [8, 8960, 14000, 36, true],
  [9, 8960, 14000, 36, true],
  [10, 7458, 11300, 34, true],
  [11, 4279, 6483, 34, true],
  [12, 5737, 8196, 37, true],
  [13, 25648, 36640, 30, false],
];

describe('gift offers', () => {
  it('are the 13 offers of spec 3 in order', () => {
    expect(giftOffers.map((offer) => offer.number)).toEqual(specTable.map(([number]) => number));
  });

  it.each(specTable)('offer %i costs %i instead of %i, −%i%, monthly: %s', (number, price, oldPrice, discount, monthly) => {
    expect(giftOffer(number)).toMatchObject({ price, oldPrice, discount, isMonthlyPayment: monthly });
  });

  it('show the stated discount only for the prices it was stated for, otherwise the one the prices give', () => {
    for (const offer of giftOffers) {
      const stated = offer.statedDiscount;
      const expected = stated && stated.price === offer.price && stated.oldPrice === offer.oldPrice ? stated.percent : discountPercent(offer.oldPrice, offer.price);
      expect(offer.discount, `offer ${offer.number}`).toBe(expected);
    }
    const offer4 = giftOffer(4)!;
    expect(giftDiscount({ ...offer4, price: 4500 })).toBe(discountPercent(offer4.oldPrice, 4500));
    expect(biggestGiftDiscount()).toBe(Math.max(...giftOffers.map((offer) => offer.discount)));
  });

  it('have distinct Russian names and descriptions', () => {
    const names = new Set(giftOffers.map((offer) => offer.name));
    expect(names.size).toBe(13);
    for (const offer of giftOffers) {
      expect(offer.name).toMatch(/[а-яё]/i);
      expect(offer.description.length).toBeGreaterThan(80);
    }
  });

  // The gift modal shows these texts in the browser, where typograf does not run: the data must already be
  // what typograf would print (no-break spaces after short words and before dashes).
  it.each(giftOffers.flatMap((offer) => [
    [offer.number, 'name', offer.name],
    [offer.number, 'description', offer.description],
  ]))('offer %i: the %s is already typeset', (_number, _field, text) => {
    expect(typography(text)).toBe(text);
  });

  it("keep offer 9's 34% in its description next to its 36% discount", () => {
    expect(giftOffer(9)?.description).toContain('34%');
    expect(giftOffer(9)?.discount).toBe(36);
  });

  it('use native payment-page forms for offers 1, 2, 3, 13 and ajax forms for 4-12', () => {
    const native = giftOffers.filter((offer) => formKind(offer.formConfig) === 'native').map((offer) => offer.number);
    expect(native).toEqual([1, 2, 3, 13]);
    for (const offer of giftOffers) expect(offer.formConfig.formId).toBe(`gift-${offer.number}`);
  });

  it('post native forms to a GetCourse payment page in a new tab with the helper ids and signature', () => {
    for (const number of [1, 2, 3, 13]) {
      const config = giftOffer(number)!.formConfig;
      if (formKind(config) !== 'native' || !('formAction' in config)) throw new Error(`offer ${number} is not native`);
      expect(config.formAction).toMatch(new RegExp(`^${getCourseFormsOrigin}/pl/lite/block-public/process-html\\?id=\\d+$`));
      expect(config.helperId).not.toBe('');
      expect(config.helperRefId).not.toBe('');
      expect(String(config.requestTime)).toMatch(/^\d+$/);
      expect(config.requestSignature).toMatch(/^[0-9a-f]{32}$/);
      expect(config.openInNewTab).toBe(true);
      expect(config.submitAnalyticsEvent).toMatchObject({ event: 'auto_purchase', id_form: config.formId });
    }
  });

  it('send ajax forms as applications for a manager', () => {
    for (const offer of giftOffers.filter((offer) => offer.number >= 4 && offer.number <= 12)) {
      expect(offer.formConfig.submitAnalyticsEvent).toMatchObject({ event: 'application', id_form: offer.formConfig.formId });
    }
  });

  it('are registered with the server: ajax offers as deals named after the offer, native ones as browser-posted', () => {
    for (const offer of giftOffers) {
      const entry = findLeadForm(`gift-${offer.number}`);
      expect(entry).toMatchObject({
        productName: offer.formConfig.submitAnalyticsEvent.product_name,
        event: offer.formConfig.submitAnalyticsEvent.event,
      });
      expect(entry?.delivery).toEqual(
        offer.formConfig.formType === 'ajax' ? { kind: 'deal', productTitle: offer.name.replaceAll('\u00a0', ' ') } : { kind: 'browser' },
      );
    }
  });

  it('is undefined for a number outside the promotion', () => {
    expect(giftOffer(0)).toBeUndefined();
    expect(giftOffer(14)).toBeUndefined();
  });
});
