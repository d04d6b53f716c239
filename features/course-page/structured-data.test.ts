import { describe, expect, it, vi } from 'vitest';

// `server-only` throws outside React's server build; the page renders this on the server.
vi.mock('server-only', () => ({}));

const { courses } = await import('@/content/courses');
const { commonFaq, weeklyStudyHours } = await import('@/content/courses/common');
const { courseJsonLd } = await import('./structured-data');

describe("a course's structured data", () => {
  it.each(courses().map((course) => [course.slug, course] as const))(
    '%s: its course instance has the courseSchedule the rich result needs, from the hours the FAQ names',
    (_slug, course) => {
      const instance = courseJsonLd(course).hasCourseInstance as { courseSchedule?: { duration?: string; repeatFrequency?: string } };
      expect(instance.courseSchedule).toEqual({ '@type': 'Schedule', duration: `PT${weeklyStudyHours.to}H`, repeatFrequency: 'Weekly' });
    },
  );

  it('the FAQ and the schedule say the same hours (one source)', () => {
    expect(commonFaq.weeklyTime.answer).toContain(`${weeklyStudyHours.from}–${weeklyStudyHours.to} часов в неделю`);
  });
});
