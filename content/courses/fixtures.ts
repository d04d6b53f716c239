import type { CourseInput } from './schema';

/**
 * Content that exists only in the test build: `CONTENT_FIXTURES=e2e` (set by e2e/support/env.ts for the
 * one build `npm test` makes) adds it, so the end-to-end tests see a campaign landing with every
 * first-screen override without a second build. next.config.ts fixes the flag at build time for server
 * code, and a build for a public address refuses to start with it (server/production-settings.ts), so a
 * fixture never reaches the real site.
 */
export const contentFixturesFlag = 'e2e';

/** A campaign landing of junior-js overriding the first screen and the form texts, with its own form id. */
export const campaignLandingFixture = {
  courseSlug: 'junior-js',
  variant: {
    id: 'e2e-campaign',
    purpose: 'Тестовая кампания (только в тестовой сборке)',
    formId: 'course-junior-js-e2e-campaign',
    hero: {
      headline: 'Весенний поток Junior: первая работа во фронтенде',
      lead: 'Только для участников весенней кампании: наставник с первого дня и разбор резюме в подарок.',
      cta: 'Забронировать место',
      programCta: 'Что в программе',
      priceLine: '{цена от} до 1 апреля',
    },
    leadForm: {
      heading: 'Забронируйте место в весеннем потоке',
      description: 'Оставьте заявку — менеджер перезвонит и закрепит цену весенней кампании.',
    },
  },
} as const satisfies { courseSlug: string; variant: NonNullable<CourseInput['variants']>[number] };

/** The course entries with the fixtures added when `flag` is `e2e`; otherwise the entries as they are. */
export function withContentFixtures(entries: readonly CourseInput[], flag: string | undefined): CourseInput[] {
  if (flag !== contentFixturesFlag) return [...entries];
  return entries.map((course) =>
    course.slug === campaignLandingFixture.courseSlug ? { ...course, variants: [...(course.variants ?? []), campaignLandingFixture.variant] } : course,
  );
}
