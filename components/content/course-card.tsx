import { StaticImage } from '@/components/ui/static-image';
import { CarryQueryLink } from '@/components/ui/carry-query-link';
import type { Course } from '@/content/courses';
import { typography } from '@/lib/typography';
import { coursePriceLabel } from './course-price';

interface CourseCardProps {
  course: Course;
  headingLevel?: 2 | 3;
  /** The cover is on the first screen of a wide window (it may be its largest paint): preloaded there. */
  coverInView?: boolean;
}

/** A course in a grid: cover, badge, title, summary and the price line; the whole card is one link. */
export function CourseCard({ course, headingLevel = 3, coverInView = false }: CourseCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const duration = course.facts[0];
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <StaticImage
        src={course.image.src}
        alt=""
        width={course.image.width}
        height={course.image.height}
        sizes="(min-width: 1152px) 360px, (min-width: 640px) 50vw, 100vw"
        // From two columns up the first row of cards is on the first screen; on a phone the cover is below the heading.
        {...(coverInView && { firstScreenWhen: '(min-width: 640px)' })}
        className="aspect-[8/5] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        {course.badge && <p className="w-fit rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">{course.badge}</p>}
        <Heading className="text-lg font-bold leading-snug">
          {/* The link's box covers the card, so the card is one click target with one accessible name. */}
          <CarryQueryLink href={course.path} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {typography(course.title)}
          </CarryQueryLink>
        </Heading>
        <p className="text-sm text-gray-600">{typography(course.summary)}</p>
        <p className="mt-auto flex flex-wrap items-baseline justify-between gap-2 pt-2 text-sm">
          {duration && <span className="text-gray-500">{typography(duration.value)}</span>}
          <span className="font-bold text-ink">{coursePriceLabel(course)}</span>
        </p>
      </div>
    </article>
  );
}

/** `firstScreen`: the grid starts on the first screen, so its first cover (a phone shows one column) loads first. */
export function CourseGrid({ courses, headingLevel, firstScreen = false }: { courses: readonly Course[]; headingLevel?: 2 | 3; firstScreen?: boolean }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course, index) => (
        <li key={course.slug}>
          <CourseCard course={course} headingLevel={headingLevel} coverInView={firstScreen && index === 0} />
        </li>
      ))}
    </ul>
  );
}
