import { describe, expect, it } from 'vitest';
import type { ManagedPopupConfig } from './managed';
import { resolvePopupPrices, resolveTexts } from './prices';

const courses = [
  { slug: 'advanced-js', tariffs: [{ price: 13_790, monthly: false }] },
  {
    slug: 'junior-js',
    tariffs: [
      { price: 4990, monthly: true },
      { price: 6710, monthly: true },
    ],
  },
];

const gift = (offer: { price: number | string; oldPrice: number | string }, title = 'Курс в подарок'): ManagedPopupConfig => ({
  formConfig: {
    formType: 'ajax',
    formId: 'popup-junior-gift',
    submitAnalyticsEvent: { event: 'application', product_name: 'njfd', id_form: 'popup-junior-gift' },
  },
  content: { kind: 'gift', title, offer: { ...offer, condition: 'при покупке курса Junior' }, submitLabel: 'Забрать подарок' },
  includePaths: [],
  excludePaths: [],
  pageMarker: 'gift-junior',
  showDelayMs: 45_000,
  enabled: true,
  startsAt: null,
  endsAt: null,
});

describe("a pop-up's prices as a visitor sees them", () => {
  it('looks the struck-out price up in the course it refers to, and writes prices into the texts', () => {
    const { config } = resolvePopupPrices(gift({ price: 0, oldPrice: '{цена advanced-js}' }, 'Junior — {цена от junior-js}'), courses);
    expect(config?.content).toMatchObject({ offer: { price: 0, oldPrice: 13_790 } });
    expect(config?.content.kind === 'gift' && config.content.title.replace(/[\u00a0\u202f]/g, ' ')).toBe('Junior — от 4 990 ₽/мес.');
  });

  it('changes with the course price, the stored pop-up untouched', () => {
    const stored = gift({ price: 0, oldPrice: '{цена advanced-js}' });
    const raised = [{ slug: 'advanced-js', tariffs: [{ price: 14_990, monthly: false }] }];
    expect(resolvePopupPrices(stored, raised).config?.content).toMatchObject({ offer: { oldPrice: 14_990 } });
    expect(stored.content).toMatchObject({ offer: { oldPrice: '{цена advanced-js}' } });
  });

  it('shows nothing rather than a reference it cannot look up', () => {
    expect(resolvePopupPrices(gift({ price: 0, oldPrice: '{цена react}' }), courses)).toEqual({
      config: null,
      problems: [{ field: 'oldPrice', problem: { code: 'unknown_course', reference: '{цена react}', course: 'react' } }],
    });
    expect(resolvePopupPrices(gift({ price: 0, oldPrice: '{цена junior-js}' }), courses).problems).toEqual([
      { field: 'oldPrice', problem: { code: 'monthly_tariff' } },
    ]);
    expect(resolvePopupPrices(gift({ price: 20_000, oldPrice: '{цена advanced-js}' }), courses).problems).toEqual([
      { field: 'price', problem: { code: 'gift_not_cheaper', price: 20_000, oldPrice: 13_790 } },
    ]);
  });

  it("resolves a split test's variant texts too", () => {
    expect(resolveTexts({ headline: 'За {цена advanced-js}', text: 'т', buttonLabel: 'к' }, courses, 2)).toEqual({
      texts: { headline: 'За 13\u00a0790\u00a0₽', text: 'т', buttonLabel: 'к' },
      problems: [],
    });
    expect(resolveTexts({ headline: '{цена x}', text: 'т', buttonLabel: 'к' }, courses, 2).problems).toMatchObject([{ field: 'headline', variant: 2 }]);
  });
});
