import { describe, expect, it } from 'vitest';
import { selectPopup } from '@/features/popups/targeting';
import { formKind } from '@/lib/leads/form-config';
import { resolvePopupPrices } from '@/lib/popups/prices';
import { coursePageAt, coursePages, courses, giftPopupPath } from './courses';
import { giftOffer, giftOffers } from './gift-offer-prices';
import { giftPopupDelayMs, popupDelayMs, popupId, popups } from './popups';

/**
 * The values the product spec fixes exactly, in one place. Every other test checks rules and reads the
 * values it needs from the content modules, so a marketing edit the spec does not cover (a price, a
 * pop-up's pages, an article) changes no test; a deliberate change of a spec value changes its line here.
 */

/** The gift offers as the school fixed them: number, price, oldPrice, discount %, monthly. */
const giftOfferTable: [number, number, number, number, boolean][] = [
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

/** Offers 1, 2, 3 and 13 are native (payment-page) forms, 4 to 12 ajax. */
const nativeGiftOffers = [1, 2, 3, 13];

/** Every pop-up waits 30 s, the gift pop-up 45 s. */
const specPopupDelayMs = 30_000;
const specGiftPopupDelayMs = 45_000;

/** The lead-form pop-ups' shared texts and the gift pop-up's. */
const discountPopupTexts = { title: 'Успейте поймать скидку!', text: 'Специально для вас – дополнительная скидка 5%!', submitLabel: 'Зафиксировать скидку' };
const giftPopupTexts = { title: 'Получите в подарок курс «Продвинутый JavaScript»', offer: { price: 0, oldPrice: 13_790 }, submitLabel: 'Забрать подарок' };

/** The product names of the six lead-form pop-ups, as the school fixed them. */
const popupProductNames = ['njfd', 'mfd', 'jmfd', 'stage_1', 'react_developer', 'layout'];

/** The paths pop-ups refer to, with the pop-up each shows ({token}: the gift page). */
const popupPaths: [string, string][] = [
  ['/products/typescript', 'promo-frameworks'],
  ['/products/git', 'promo-frameworks'],
  ['/products/react', 'promo-frameworks'],
  ['/products/state-managers', 'promo-frameworks'],
  ['/products/frontend-upgrade', 'promo-frameworks'],
  ['/products/advanced-js', 'promo-frameworks'],
  ['/', 'promo-frameworks'],
  ['/products/react-developer', 'promo-career'],
  ['/products/react-developer/t8a3', 'promo-career'],
  ['/products/middle-js', 'promo-career'],
  ['/products/middle-js/b1', 'promo-career'],
  ['/products/middle-js/cvrna', 'popup-middle-discount'],
  ['/products/junior-js/cvrna', 'popup-junior-discount'],
  [giftPopupPath, 'popup-junior-gift'],
  ['/frontend-developer/cvrna', 'popup-frontend-developer-discount'],
  ['/products/first-stage/cvrna', 'popup-first-stage-discount'],
  ['/products/react-developer/cvrna', 'popup-react-developer-discount'],
  ['/products/advanced-html-css/cvrna', 'popup-layout-discount'],
];

/** The product pages under /products (perspectives has only variants there; its base page exists too). */
const productSlugs = [
  'html-css-free',
  'html-css-free-mini',
  'junior-js',
  'middle-js',
  'diagnostics',
  'advanced-js',
  'git',
  'typescript',
  'html-css',
  'advanced-html-css',
  'ai',
  'ai-for-dev',
  'base-programming',
  'first-stage',
  'javascript-learn',
  'react',
  'react-developer',
  'state-managers',
  'junior',
  'frontend-upgrade',
  'vue-predzap',
];

/** The fixed product names of the courses the lead-form pop-ups sell, on the base page and every variant. */
const courseProductNames: Record<string, string> = {
  'junior-js': 'njfd',
  'middle-js': 'mfd',
  'frontend-developer': 'jmfd',
  'first-stage': 'stage_1',
  'react-developer': 'react_developer',
  'advanced-html-css': 'layout',
};

describe('the gift offers the school fixed', () => {
  it('are the 13 offers in order', () => {
    expect(giftOffers().map((offer) => offer.number)).toEqual(giftOfferTable.map(([number]) => number));
  });

  it.each(giftOfferTable)('offer %i costs %i instead of %i, -%i%%, monthly: %s', (number, price, oldPrice, discount, monthly) => {
    expect(giftOffer(number)).toMatchObject({ price, oldPrice, discount, isMonthlyPayment: monthly });
  });

  it("keep offer 9's 34% in its description next to its 36% discount", () => {
    expect(giftOffer(9)?.description).toContain('34%');
    expect(giftOffer(9)?.discount).toBe(36);
  });

  it('are native forms for offers 1, 2, 3, 13 and ajax forms for the others', () => {
    expect(
      giftOffers()
        .filter((offer) => formKind(offer.formConfig) === 'native')
        .map((offer) => offer.number),
    ).toEqual(nativeGiftOffers);
  });
});

describe('the pop-ups the school fixed: texts, delays and pages', () => {
  const specPopupIds = new Set(popupPaths.map(([, id]) => id));
  const specPopups = popups.filter((popup) => specPopupIds.has(popupId(popup)));

  it('wait 30 s, the gift pop-up 45 s', () => {
    expect(popupDelayMs).toBe(specPopupDelayMs);
    expect(giftPopupDelayMs).toBe(specGiftPopupDelayMs);
    expect(specPopups.map(popupId).sort()).toEqual([...specPopupIds].sort());
    for (const popup of specPopups) {
      expect(popup.showDelayMs, popupId(popup)).toBe(popup.content.kind === 'gift' ? specGiftPopupDelayMs : specPopupDelayMs);
    }
  });

  it('show their spec texts', () => {
    for (const popup of specPopups.filter((candidate) => candidate.content.kind === 'discount')) {
      expect(popup.content, popupId(popup)).toMatchObject(discountPopupTexts);
    }
    // The struck-out price refers to the course's tariff (lib/popups/prices.ts looks it up when shown).
    const gift = specPopups.find((popup) => popup.content.kind === 'gift')!;
    expect(resolvePopupPrices({ ...gift, enabled: true, startsAt: null, endsAt: null }, courses()).config?.content).toMatchObject(giftPopupTexts);
  });

  it('carry the spec product names on their lead forms', () => {
    const names = specPopups.flatMap((popup) => (popup.formConfig ? [popup.formConfig.submitAnalyticsEvent.product_name] : []));
    expect(new Set(names)).toEqual(new Set(popupProductNames));
  });

  it.each(popupPaths)('%s shows %s', (path, id) => {
    const markers = [coursePageAt(path)?.variant?.popupMarker].filter((marker): marker is string => marker !== undefined);
    for (const variantOfPath of [path, `${path}/`]) {
      const popup = selectPopup({ path: variantOfPath, markers }, popups);
      expect(popup && popupId(popup), variantOfPath).toBe(id);
    }
  });
});

describe('the product pages pop-ups refer to', () => {
  it('exist, with every page pop-ups refer to and a /frontend-developer-{variant} page', () => {
    for (const slug of productSlugs) expect(coursePageAt(`/products/${slug}`), slug).toBeDefined();
    expect(coursePageAt('/frontend-developer')).toBeDefined();
    for (const [path] of popupPaths.filter(([path]) => path !== '/')) expect(coursePageAt(path), path).toBeDefined();
    expect(coursePages().some((page) => /^\/frontend-developer-[a-z0-9-]+$/.test(page.path))).toBe(true);
    expect(coursePages().some((page) => page.path.startsWith('/products/perspectives/'))).toBe(true);
  });

  it('of the pop-up courses use the fixed product names, on the base page and every variant', () => {
    for (const [slug, productName] of Object.entries(courseProductNames)) {
      const pages = coursePages().filter((page) => page.course.slug === slug);
      expect(pages.length, slug).toBeGreaterThan(1);
      for (const page of pages) expect(page.form.productName, page.path).toBe(productName);
    }
  });
});
