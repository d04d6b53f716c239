import { describe, expect, it } from 'vitest';
import { courses } from '@/content/courses';
import { commonFaq, weeklyStudyHours } from '@/content/courses/common';
import { courseJsonLd } from './structured-data';

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
