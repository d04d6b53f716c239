import { describe, expect, it } from 'vitest';
import { coursePriceLabel } from '@/components/content/course-price';
import { coursePages, parseCourses } from '@/content/courses';
import { professionCourses } from '@/content/courses/professions';
import { firstScreenOf, pageTestOriginal } from './first-screen';

describe('the first screen of a course page', () => {
  it("is a page test's variant A: the headline, lead, button and first tariff the page shows; nothing for a page the site no longer has", () => {
    const entry = coursePages().find((page) => page.path === '/products/junior-js')!;
    expect(pageTestOriginal(entry)).toEqual({
      headline: firstScreenOf(entry).headline,
      subheadline: firstScreenOf(entry).lead,
      buttonLabel: firstScreenOf(entry).cta,
      leadTariff: entry.course.tariffs[0]!.name,
    });
    expect(pageTestOriginal(undefined)).toEqual({ headline: null, subheadline: null, buttonLabel: null, leadTariff: null });
  });

  it("shows the course's own texts on the base page and on a variant without `hero`", () => {
    for (const entry of coursePages().filter((page) => !page.variant?.hero)) {
      expect(firstScreenOf(entry), entry.path).toEqual({
        eyebrow: entry.course.hero.eyebrow,
        headline: entry.course.title,
        lead: entry.course.hero.lead,
        cta: entry.course.hero.cta,
        programCta: 'Программа курса',
        priceLine: coursePriceLabel(entry.course),
        image: entry.course.image,
      });
    }
  });

  it("replaces exactly the fields a landing overrides and keeps the course's others", () => {
    const source = structuredClone(professionCourses.find((course) => course.slug === 'middle-js')!);
    const hero = { headline: 'Middle за полгода', cta: 'Записаться', priceLine: '{цена от} до весны' };
    const [course] = parseCourses([{ ...source, variants: [{ id: 'spring', purpose: 'Кампания', hero }] }]);
    const screen = firstScreenOf({ course: course!, variant: course!.variants[0] });
    expect(screen).toMatchObject({ ...hero, priceLine: `${coursePriceLabel(course!)} до весны` });
    expect(screen.lead).toBe(course!.hero.lead);
    expect(screen.eyebrow).toBe(course!.hero.eyebrow);
    expect(screen.image).toEqual(course!.image);
  });
});
