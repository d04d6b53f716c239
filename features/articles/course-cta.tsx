import type { CourseLink } from '@/content/collections';
import { CarryQueryLink } from '@/components/ui/carry-query-link';

/** The course a roadmap or a story leads to; the link keeps the visit's UTM parameters. */
export function CourseCta({ heading, text, course }: { heading: string; text: string; course: CourseLink }) {
  return (
    <section className="mt-14 rounded-2xl bg-brand-50 p-6 md:p-8">
      <h2 className="text-xl font-bold text-ink md:text-2xl">{heading}</h2>
      <p className="mt-2 max-w-2xl text-gray-700">{text}</p>
      <CarryQueryLink href={course.href} className="mt-5 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        {course.title}
      </CarryQueryLink>
    </section>
  );
}
