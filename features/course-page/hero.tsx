import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { CtaLink } from '@/components/content/cta-link';
import { HeroImage } from '@/components/content/page-hero';
import { KeyFacts } from '@/components/content/key-facts';
import type { CoursePageEntry } from '@/content/courses';
import { courseCategorySections } from '@/content/courses';
import { typography } from '@/lib/typography';
import { firstScreenOf } from '@/components/content/first-screen';
import { withPageVariant, type PageVariant } from './page-variant';

/** The first screen of a course page; a campaign landing (a variant with `hero`) shows its own texts, a page test's variant its changes. */
export function CourseHero({ entry, pageVariant }: { entry: CoursePageEntry; pageVariant?: PageVariant }) {
  const { course } = entry;
  const screen = withPageVariant(firstScreenOf(entry), course.tariffs, pageVariant);
  const section = courseCategorySections.find((candidate) => candidate.category === course.category);
  return (
    <section aria-labelledby="course-title" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-12 pt-6 md:pb-16 lg:grid-cols-[1fr_minmax(0,480px)] lg:items-center">
        <div>
          <Breadcrumbs
            className="text-sm text-gray-600"
            trail={[
              { label: 'Курсы', href: '/products' },
              ...(section ? [{ label: section.title, href: `/products#${section.anchor}` }] : []),
              { label: typography(course.title), href: course.path },
            ]}
          />
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {course.badge && <p className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">{typography(course.badge)}</p>}
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{typography(screen.eyebrow)}</p>
          </div>
          <h1 id="course-title" className="mt-3 text-3xl font-bold leading-tight sm:text-4xl lg:text-5xl">
            {typography(screen.headline)}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-gray-700">{typography(screen.lead)}</p>
          <KeyFacts facts={course.facts} className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4" size="small" />
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <CtaLink href="#lead-form">{screen.cta}</CtaLink>
            <CtaLink href="#program" variant="outline">
              {screen.programCta}
            </CtaLink>
            <p className="text-lg font-bold">{screen.priceLine}</p>
          </div>
        </div>
        <HeroImage image={screen.image} />
      </div>
    </section>
  );
}
