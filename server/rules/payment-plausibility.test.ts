import { describe, expect, it } from 'vitest';
import { coursePageAt, coursePages, courses, getCourse } from '@/content/courses';
import { courseCeilingKopecks, courseOfLead, dealCeiling, paymentRefusal, schoolCeilingKopecks } from './payment-plausibility';

const roubles = (amount: number) => amount * 100;
const git = getCourse('git')!;
const gitLead = { formId: coursePageAt('/products/git')!.form.formId, pagePath: '/products/git' };

describe('what a deal can cost', () => {
  it("is a course's dearest tariff paid in full: a monthly instalment times its months, the struck-out price when higher", () => {
    const tariff = { name: 't', description: 'd', features: ['f'], recommended: false };
    expect(
      courseCeilingKopecks({
        tariffs: [
          { ...tariff, price: 9_800, oldPrice: 14_000, monthly: true, months: 18 },
          { ...tariff, price: 30_000, monthly: false },
        ],
      }),
    ).toBe(roubles(14_000 * 18));
    expect(courseCeilingKopecks({ tariffs: [{ ...tariff, price: 6_990, monthly: false }] })).toBe(roubles(6_990));
    expect(courseCeilingKopecks({ tariffs: [{ ...tariff, price: 0, monthly: false }] })).toBe(0);
    // The school's dearest course is the largest of them, and above every course's.
    expect(schoolCeilingKopecks()).toBe(Math.max(...courses().map(courseCeilingKopecks)));
    expect(schoolCeilingKopecks()).toBeGreaterThan(courseCeilingKopecks(git));
  });

  it("takes the course from a course page's form (its landings' too) or a pop-up's form on a course page; site-wide forms, gifts and events name none", () => {
    expect(courseOfLead(gitLead)?.slug).toBe('git');
    const landing = coursePages().find((page) => page.variant)!;
    expect(courseOfLead({ formId: landing.form.formId, pagePath: landing.path })?.slug).toBe(landing.course.slug);
    expect(courseOfLead({ formId: 'popup-junior-discount', pagePath: '/products/junior-js' })?.slug).toBe('junior-js');
    expect(courseOfLead({ formId: 'popup-junior-discount', pagePath: '/media' })).toBeUndefined();
    expect(courseOfLead({ formId: 'contact', pagePath: '/products/git' })).toBeUndefined();
    expect(courseOfLead({ formId: 'consultation', pagePath: '/products/git' })).toBeUndefined();
    expect(courseOfLead({ formId: 'gift-4', pagePath: '/events/new-year-2425' })).toBeUndefined();
  });

  it("is the course's when the lead names a paid course, else the school's dearest (a free course's lead may buy any)", () => {
    expect(dealCeiling(gitLead)).toEqual({ kopecks: courseCeilingKopecks(git), course: 'git' });
    expect(dealCeiling({ formId: 'contact', pagePath: '/products/git' })).toEqual({ kopecks: schoolCeilingKopecks(), course: null });
    expect(dealCeiling(null)).toEqual({ kopecks: schoolCeilingKopecks(), course: null });
    const free = coursePages().find((page) => courseCeilingKopecks(page.course) === 0)!;
    expect(dealCeiling({ formId: free.form.formId, pagePath: free.path })).toEqual({ kopecks: schoolCeilingKopecks(), course: null });
  });
});

describe('a payment that cannot be right', () => {
  const gitDeal = { lead: gitLead, costKopecks: null };
  const limit = courseCeilingKopecks(git);

  it('is refused when paid is far above any tariff and no cost is said', () => {
    expect(
      paymentRefusal({ costKopecks: null, paidKopecks: roubles(100_000_000_000) }, { lead: { formId: 'contact', pagePath: '/' }, costKopecks: null }),
    ).toEqual({
      reason: 'paid_above_tariffs',
      limitKopecks: schoolCeilingKopecks(),
      course: null,
    });
    expect(paymentRefusal({ costKopecks: null, paidKopecks: limit + 101 }, gitDeal)).toEqual({
      reason: 'paid_above_tariffs',
      limitKopecks: limit,
      course: 'git',
    });
  });

  it("is refused when the cost itself is above the school's dearest course, however the paid amount matches it; a dearer course than the lead's is no reason", () => {
    expect(paymentRefusal({ costKopecks: roubles(50_000_000), paidKopecks: roubles(50_000_000) }, gitDeal)).toEqual({
      reason: 'cost_above_tariffs',
      limitKopecks: schoolCeilingKopecks(),
      course: null,
    });
    // A git lead sold the dearest course: GetCourse says the cost, and it is taken.
    expect(paymentRefusal({ costKopecks: schoolCeilingKopecks(), paidKopecks: schoolCeilingKopecks() }, gitDeal)).toBeNull();
    // Without the cost, the same payment is more than the git course can cost.
    expect(paymentRefusal({ costKopecks: null, paidKopecks: schoolCeilingKopecks() }, gitDeal)).toMatchObject({ reason: 'paid_above_tariffs', course: 'git' });
  });

  it('is refused when paid is above the cost said now, or said before', () => {
    expect(paymentRefusal({ costKopecks: roubles(5_000), paidKopecks: roubles(6_000) }, gitDeal)).toEqual({
      reason: 'paid_above_cost',
      limitKopecks: roubles(5_000),
      course: null,
    });
    expect(paymentRefusal({ costKopecks: null, paidKopecks: roubles(6_000) }, { ...gitDeal, costKopecks: roubles(5_000) })).toMatchObject({
      reason: 'paid_above_cost',
    });
  });

  it('takes what fits: the full price, a part of it, a rouble of rounding, a report without amounts', () => {
    expect(paymentRefusal({ costKopecks: limit, paidKopecks: limit }, gitDeal)).toBeNull();
    expect(paymentRefusal({ costKopecks: null, paidKopecks: limit + 100 }, gitDeal)).toBeNull();
    expect(paymentRefusal({ costKopecks: roubles(5_000), paidKopecks: roubles(5_001) }, gitDeal)).toBeNull();
    expect(
      paymentRefusal(
        { costKopecks: roubles(101_880), paidKopecks: roubles(8_490) },
        { lead: { formId: 'contact', pagePath: '/products/git' }, costKopecks: null },
      ),
    ).toBeNull();
    expect(paymentRefusal({ costKopecks: null, paidKopecks: null }, gitDeal)).toBeNull();
  });
});
