import { FactCards, TextCards } from '@/components/content/text-cards';
import { StaticImage } from '@/components/ui/static-image';
import type { ComponentType, ReactNode } from 'react';
import { CourseGrid } from '@/components/content/course-card';
import { CtaLink } from '@/components/content/cta-link';
import { FaqList } from '@/components/content/faq-list';
import { type LeadFormSlotProps, pageFormConfig } from '@/components/content/lead-form-config';
import { PageHero } from '@/components/content/page-hero';
import { PageSection } from '@/components/content/page-section';
import { getCourse } from '@/content/courses';
import type { InfoPage, PageSection as Section } from '@/content/pages';
import { typography } from '@/lib/typography';
import { MarkedList } from '@/components/content/marked-list';

/** A text page built from sections: about, the edu-* welcome pages, the study-developer-* guides. */
export function InfoPageView({ page, LeadFormSlot }: { page: InfoPage; LeadFormSlot: ComponentType<LeadFormSlotProps> }) {
  return (
    <>
      <PageHero eyebrow={typography(page.eyebrow)} title={page.title} lead={page.lead} image={page.image}>
        {page.cta && <CtaLink href={page.cta.href}>{page.cta.label}</CtaLink>}
        {page.leadForm && (
          <CtaLink href="#lead-form" variant={page.cta ? 'outline' : 'primary'}>
            {page.leadForm.heading}
          </CtaLink>
        )}
      </PageHero>
      {page.sections.map((section, index) => (
        <PageSection
          key={section.heading}
          id={`section-${index + 1}`}
          title={section.heading}
          intro={sectionIntro(section)}
          tone={index % 2 === 1 ? 'muted' : 'plain'}
        >
          <SectionBody section={section} />
        </PageSection>
      ))}
      {page.leadForm && <LeadFormSlot heading={page.leadForm.heading} description={page.leadForm.description} config={pageFormConfig(page.leadForm.form)} />}
    </>
  );
}

function sectionIntro(section: Section): string | undefined {
  return 'intro' in section && section.intro ? typography(section.intro) : undefined;
}

function SectionBody({ section }: { section: Section }) {
  switch (section.kind) {
    case 'text':
      return (
        <div className="max-w-3xl space-y-4 text-lg text-gray-800">
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{typography(paragraph)}</p>
          ))}
        </div>
      );
    case 'cards':
      return <TextCards items={section.items} className="grid gap-6 sm:grid-cols-2" cardClassName="rounded-2xl border border-gray-200 bg-white p-6" />;
    case 'steps':
      return (
        <ol className="grid gap-4">
          {section.items.map((item, index) => (
            <AsideCard
              key={item.title}
              className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-100"
              aside={
                <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {index + 1}
                </span>
              }
            >
              <h3 className="text-lg font-bold">{typography(item.title)}</h3>
              <p className="mt-1 text-gray-700">{typography(item.text)}</p>
            </AsideCard>
          ))}
        </ol>
      );
    case 'facts':
      return <FactCards items={section.items} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" />;
    case 'checklist':
      return <MarkedList items={section.items} className="grid max-w-3xl gap-3" itemClassName="gap-3 text-lg" />;
    case 'courses':
      // Slugs were checked against the course list when the page content loaded.
      return <CourseGrid courses={section.slugs.map((slug) => getCourse(slug)!)} />;
    case 'people':
      return (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {section.people.map((person) => (
            <AsideCard
              key={person.slug}
              className="flex gap-4 rounded-2xl border border-gray-200 bg-white p-5"
              aside={
                <StaticImage src={person.image.src} alt={person.image.alt} width={96} height={96} sizes="96px" className="size-20 shrink-0 rounded-full" />
              }
            >
              <h3 className="font-bold">{person.name}</h3>
              <p className="text-sm text-brand-700">{typography(person.role)}</p>
              <p className="mt-2 text-sm text-gray-700">{typography(person.bio)}</p>
            </AsideCard>
          ))}
        </ul>
      );
    case 'faq':
      return <FaqList items={section.items} />;
  }
}

/** A list item with something at its side (a step's number, a person's photo) and its texts beside it. */
function AsideCard({ className, aside, children }: { className: string; aside: ReactNode; children: ReactNode }) {
  return (
    <li className={className}>
      {aside}
      <div>{children}</div>
    </li>
  );
}
