import { AnchorNav, type AnchorLink } from '@/components/content/anchor-nav';
import { CourseGrid } from '@/components/content/course-card';
import { CtaLink } from '@/components/content/cta-link';
import { PageSection } from '@/components/content/page-section';
import { courseCategorySections, coursesIn } from '@/content/courses';
import { typography } from '@/lib/typography';

/** The catalogue's sections, each with the number of its courses. */
const sectionLinks: AnchorLink[] = courseCategorySections.map((section) => ({
  anchor: section.anchor,
  label: (
    <>
      {section.title} <span className="text-gray-500">{coursesIn(section.category).length}</span>
    </>
  ),
}));

/** /products: every course, grouped into professions (#professions), skills (#skills) and free (#free). */
export function CourseCatalog() {
  return (
    <>
      <header className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-8 pt-12">
          <h1 className="text-3xl font-bold leading-tight sm:text-4xl">Курсы фронтенд-разработки</h1>
          <p className="mt-4 max-w-3xl text-lg text-gray-700">
            {typography(
              'Профессии с нуля до middle, короткие курсы по технологиям и бесплатные программы для старта. Не знаете, что выбрать? Пройдите диагностику или запишитесь на бесплатную консультацию.',
            )}
          </p>
          <AnchorNav label="Разделы каталога" look="pills" links={sectionLinks} />
        </div>
      </header>
      {courseCategorySections.map((section, index) => (
        <PageSection
          key={section.anchor}
          id={section.anchor}
          title={section.title}
          intro={typography(section.description)}
          tone={index % 2 === 1 ? 'muted' : 'plain'}
        >
          <CourseGrid courses={coursesIn(section.category)} firstScreen={index === 0} />
        </PageSection>
      ))}
      <section aria-labelledby="catalog-help-heading" className="mx-auto max-w-6xl px-4 py-12">
        <div className="rounded-3xl bg-brand-700 p-8 text-white md:p-12">
          <h2 id="catalog-help-heading" className="text-2xl font-bold md:text-3xl">
            Поможем выбрать
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-brand-100">
            {typography('Карьерный эксперт за 30 минут разберёт ваш опыт и цели и подскажет программу — бесплатно и без навязывания.')}
          </p>
          <div className="mt-6 flex flex-wrap gap-4">
            <CtaLink href="/products/perspectives" variant="secondary">
              Бесплатная консультация
            </CtaLink>
            <CtaLink href="/products/diagnostics" variant="outline">
              Диагностика навыков
            </CtaLink>
          </div>
        </div>
      </section>
    </>
  );
}
