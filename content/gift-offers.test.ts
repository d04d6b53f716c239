import { describe, expect, it } from 'vitest';
import { formKind } from '@/lib/leads/form-config';
import { typography } from '@/lib/typography';
import { discountPercent } from '@/lib/money';
import { biggestGiftDiscount, giftOffer, giftOffers } from './gift-offer-prices';
import { courses } from './courses';
import { getCourseFormsOrigin, giftDiscount, giftOfferInput, giftOldPrice, priceGiftOffer } from './gift-offers';
import { ContentError } from './validation/problems';
import { findLeadForm } from './lead-forms';

const tariffPrice = (slug: string, tariff = 1) => courses().find((course) => course.slug === slug)!.tariffs[tariff - 1]!.price;

/** The catalogue with one tariff's price changed, as after an edit of the course's file. */
const withTariffPrice = (slug: string, tariff: number, price: number) =>
  courses().map((course) =>
    course.slug === slug ? { ...course, tariffs: course.tariffs.map((each, index) => (index === tariff - 1 ? { ...each, price } : each)) } : course,
  );

describe('struck-out prices looked up in the course tariffs', () => {
  it('a reference is the tariff price, a bundle the sum, a number stays as written', () => {
    expect(giftOldPrice({ oldPrice: '{цена junior-js 2}', isMonthlyPayment: true }, courses())).toEqual({ oldPrice: tariffPrice('junior-js', 2) });
    expect(giftOldPrice({ oldPrice: '{цена typescript} + {цена git} + {цена react}', isMonthlyPayment: false }, courses())).toEqual({
      oldPrice: tariffPrice('typescript') + tariffPrice('git') + tariffPrice('react'),
    });
    expect(giftOldPrice({ oldPrice: 14000, isMonthlyPayment: true }, courses())).toEqual({ oldPrice: 14000 });
  });

  it('an unknown course or tariff, or a tariff paid otherwise than the gift, is a problem in Russian', () => {
    expect(giftOldPrice({ oldPrice: '{цена nope}', isMonthlyPayment: false }, courses())).toEqual({
      problem: 'в {цена nope} курс «nope», а такого курса нет в content/courses/',
    });
    expect(giftOldPrice({ oldPrice: '{цена git 9}', isMonthlyPayment: false }, courses())).toMatchObject({
      problem: expect.stringMatching(/^в \{цена git 9\} тариф 9, а у курса «git» тарифов \d+$/),
    });
    expect(giftOldPrice({ oldPrice: '{цена junior-js 2}', isMonthlyPayment: false }, courses())).toMatchObject({
      problem: expect.stringContaining('подарок оплачивается сразу'),
    });
  });

  it('a course price changed in its file is the offer struck-out price and discount, nothing else edited', () => {
    const offer6 = giftOfferInput(6)!;
    expect(offer6.oldPrice).toBe('{цена middle-js 2}');
    const before = priceGiftOffer(offer6, courses());
    const after = priceGiftOffer(offer6, withTariffPrice('middle-js', 2, 11990));
    expect(before).toEqual({
      offer: expect.objectContaining({ oldPrice: tariffPrice('middle-js', 2), discount: discountPercent(tariffPrice('middle-js', 2), offer6.price) }),
    });
    expect(after).toEqual({ offer: expect.objectContaining({ price: offer6.price, oldPrice: 11990, discount: discountPercent(11990, offer6.price) }) });
  });

  it('the promotion offers: every one priced, or the load stops with the offer and the reason', async () => {
    const { priceGiftOffers } = await import('./gift-offer-prices');
    const broken = [{ ...giftOfferInput(10)!, oldPrice: '{цена react-developer 5}' }];
    expect(() => priceGiftOffers(broken, courses())).toThrow(ContentError);
    expect(() => priceGiftOffers(broken, courses())).toThrow(
      /content\/gift-offers\.ts, подарок 10, поле «зачёркнутая цена» \(oldPrice\): в \{цена react-developer 5\} тариф 5/,
    );
    expect(giftOffers().map((offer) => offer.number)).toEqual(giftOffers().map((_, index) => index + 1));
  });
});

describe('gift offers', () => {
  it('show the stated discount only for the prices it was stated for, otherwise the one the prices give', () => {
    for (const offer of giftOffers()) {
      const stated = offer.statedDiscount;
      const expected =
        stated && stated.price === offer.price && stated.oldPrice === offer.oldPrice ? stated.percent : discountPercent(offer.oldPrice, offer.price);
      expect(offer.discount, `offer ${offer.number}`).toBe(expected);
    }
    const offer4 = giftOffer(4)!;
    expect(giftDiscount({ ...offer4, price: 4500 })).toBe(discountPercent(offer4.oldPrice, 4500));
    expect(biggestGiftDiscount()).toBe(Math.max(...giftOffers().map((offer) => offer.discount)));
  });

  it('have distinct Russian names and descriptions', () => {
    const names = new Set(giftOffers().map((offer) => offer.name));
    expect(names.size).toBe(giftOffers().length);
    for (const offer of giftOffers()) {
      expect(offer.name).toMatch(/[а-яё]/i);
      expect(offer.description.length).toBeGreaterThan(80);
    }
  });

  // The gift modal shows these texts in the browser, where typograf does not run: the data must already be
  // what typograf would print (no-break spaces after short words and before dashes).
  it.each(
    giftOffers().flatMap((offer) => [
      [offer.number, 'name', offer.name],
      [offer.number, 'description', offer.description],
    ]),
  )('offer %i: the %s is already typeset', (_number, _field, text) => {
    expect(typography(text)).toBe(text);
  });

  it('send each offer under the form id gift-{number} (which forms are native: content/spec-conformance.test.ts)', () => {
    for (const offer of giftOffers()) expect(offer.formConfig.formId).toBe(`gift-${offer.number}`);
  });

  it('post native forms to a GetCourse payment page in a new tab with the helper ids and signature', () => {
    const native = giftOffers().filter((offer) => formKind(offer.formConfig) === 'native');
    expect(native.length).toBeGreaterThan(0);
    for (const { number, formConfig: config } of native) {
      if (!('formAction' in config)) throw new Error(`offer ${number} is not native`);
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
    for (const offer of giftOffers().filter((candidate) => formKind(candidate.formConfig) === 'ajax')) {
      expect(offer.formConfig.submitAnalyticsEvent).toMatchObject({ event: 'application', id_form: offer.formConfig.formId });
    }
  });

  it('are registered with the server: ajax offers as deals named after the offer, native ones as browser-posted, each under its gift number', () => {
    for (const offer of giftOffers()) {
      const entry = findLeadForm(`gift-${offer.number}`);
      expect(entry).toMatchObject({
        productName: offer.formConfig.submitAnalyticsEvent.product_name,
        event: offer.formConfig.submitAnalyticsEvent.event,
        giftNumber: offer.number,
      });
      expect(entry?.delivery).toEqual(
        offer.formConfig.formType === 'ajax' ? { kind: 'deal', productTitle: offer.name.replaceAll('\u00a0', ' ') } : { kind: 'browser' },
      );
    }
  });

  it('is undefined for a number outside the promotion', () => {
    expect(giftOffer(0)).toBeUndefined();
    expect(giftOffer(giftOffers().length + 1)).toBeUndefined();
  });
});
