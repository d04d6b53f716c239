import { describe, expect, it } from 'vitest';
import { coursePageAt, courses, parseCourses, variantPath } from '../courses';
import { coursePriceLabel } from '@/components/content/course-price';
import { ContentError } from '../shared/schema';
import { campaignLandingFixture, withContentFixtures } from './fixtures';
import { professionCourses } from './professions';
import type { CourseInput } from './schema';

/** Campaign landings: a variant's own first screen, validated with its course, and the test-only fixture. */

function courseWithLanding(hero: unknown): CourseInput {
  const course = structuredClone(professionCourses.find((candidate) => candidate.slug === 'junior-js')!);
  return { ...course, variants: [{ id: 'spring', purpose: 'Весенняя кампания', hero } as never] };
}

describe('a campaign landing', () => {
  it('is a variant page with its own first screen, form id and course', () => {
    // A price line names the price it repeats ({цена от}: the cheapest tariff), written in from the tariffs.
    const [course] = parseCourses([courseWithLanding({ headline: 'Весенний поток', priceLine: '{цена от} до весны' })]);
    const variant = course!.variants[0]!;
    expect(variant.hero).toEqual({ headline: 'Весенний поток', priceLine: `${coursePriceLabel(course!)} до весны` });
    expect(variantPath(course!, variant)).toBe(`${course!.path}/spring`);
  });

  it('fails the build on an empty override, a misspelt field or a headline that is too long', () => {
    for (const hero of [
      {},
      { headlin: 'Опечатка' },
      { headline: '   ' },
      { headline: 'Ж'.repeat(121) },
      { image: { src: 'cover.jpg', alt: 'x', width: 1, height: 1 } },
    ]) {
      const attempt = () => parseCourses([courseWithLanding(hero)]);
      expect(attempt, JSON.stringify(hero)).toThrow(ContentError);
      expect(attempt, JSON.stringify(hero)).toThrow(/junior-js[\s\S]*hero/);
    }
  });
});

describe('the test-only landing (content/courses/fixtures.ts)', () => {
  const fixturePath = () => {
    const course = courses().find((candidate) => candidate.slug === campaignLandingFixture.courseSlug)!;
    return variantPath(course, { id: campaignLandingFixture.variant.id, placement: 'nested' });
  };

  it('is not in the content of a build without CONTENT_FIXTURES=e2e (every production build)', () => {
    expect(process.env.CONTENT_FIXTURES ?? '').toBe('');
    expect(coursePageAt(fixturePath())).toBeUndefined();
    expect(withContentFixtures(professionCourses, undefined)).toEqual(professionCourses);
    expect(withContentFixtures(professionCourses, 'production')).toEqual(professionCourses);
  });

  it('is a valid landing that overrides the headline, lead, button and price line when the flag is e2e', () => {
    const parsed = parseCourses(withContentFixtures(professionCourses, 'e2e'));
    const variant = parsed.find((course) => course.slug === campaignLandingFixture.courseSlug)!.variants.at(-1)!;
    expect(variant.id).toBe(campaignLandingFixture.variant.id);
    expect(Object.keys(variant.hero!)).toEqual(expect.arrayContaining(['headline', 'lead', 'cta', 'priceLine']));
    expect(variant.formId).toBe(campaignLandingFixture.variant.formId);
  });
});
