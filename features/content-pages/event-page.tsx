import { TextCards } from '@/components/content/text-cards';
import type { ComponentType } from 'react';
import { CourseGrid } from '@/components/content/course-card';
import { CtaLink } from '@/components/content/cta-link';
import { FaqList } from '@/components/content/faq-list';
import { JsonLd } from '@/components/content/json-ld';
import { KeyFacts } from '@/components/content/key-facts';
import { type LeadFormSlotProps, pageFormConfig } from '@/components/content/lead-form-config';
import { PageHero } from '@/components/content/page-hero';
import { PageSection } from '@/components/content/page-section';
import { faqPage } from '@/components/content/structured-data';
import { cn } from '@/components/ui/cn';
import { getCourse } from '@/content/courses';
import { eventStatusLabels, type SchoolEvent } from '@/content/events';
import { typography } from '@/lib/typography';
import { MarkedList } from '@/components/content/marked-list';
import { eventJsonLd } from './structured-data';

/** An event page: what, when, programme, what participants get, rules or results, FAQ, sign-up. */
export function EventPageView({ event, LeadFormSlot }: { event: SchoolEvent; LeadFormSlot: ComponentType<LeadFormSlotProps> }) {
  return (
    <>
      <JsonLd data={eventJsonLd(event)} />
      {event.faq.length > 0 && <JsonLd data={faqPage(event.faq)} />}
      <PageHero
        eyebrow={
          <>
            {event.kind} ·{' '}
            <span className={cn('rounded-full px-2 py-0.5 normal-case', event.status === 'finished' ? 'bg-gray-200 text-gray-700' : 'bg-brand-600 text-white')}>
              {eventStatusLabels[event.status]}
            </span>
          </>
        }
        title={event.title}
        lead={event.hero.lead}
        image={event.image}
      >
        <CtaLink href="#lead-form">{event.hero.cta}</CtaLink>
        <p className="text-gray-700">{typography(event.schedule)}</p>
      </PageHero>
      <section aria-label="Коротко о событии" className="mx-auto max-w-6xl px-4">
        <KeyFacts facts={event.facts} className="grid grid-cols-2 gap-4 md:grid-cols-4" />
      </section>
      {event.results.length > 0 && (
        <PageSection id="results" title="Итоги">
          <ul className="grid max-w-3xl gap-4 text-lg">
            {event.results.map((result) => (
              <li key={result}>{typography(result)}</li>
            ))}
          </ul>
        </PageSection>
      )}
      {/* An event written in the console has none of these three: its page is what, when, where and the sign-up. */}
      {event.program && (
        <PageSection id="program" title={event.program.heading} tone="muted">
          <TextCards items={event.program.items} ordered className="grid gap-4 md:grid-cols-2" />
        </PageSection>
      )}
      {event.benefits.length > 0 && (
        <PageSection id="benefits" title={event.status === 'finished' ? 'Что получили участники' : 'Что вы получите'}>
          <MarkedList items={event.benefits} className="grid gap-4 sm:grid-cols-2" itemClassName="gap-3 text-lg" />
        </PageSection>
      )}
      {event.rules.length > 0 && (
        <PageSection id="rules" title="Условия участия" tone="muted">
          <ul className="grid max-w-3xl list-disc gap-3 pl-5 text-gray-800">
            {event.rules.map((rule) => (
              <li key={rule}>{typography(rule)}</li>
            ))}
          </ul>
        </PageSection>
      )}
      {event.faq.length > 0 && (
        <PageSection id="faq" title="Частые вопросы">
          <FaqList items={event.faq} />
        </PageSection>
      )}
      {event.relatedCourses.length > 0 && (
        <PageSection id="courses" title="Курсы по теме" tone="muted">
          {/* Course slugs were checked against the course list when the events loaded. */}
          <CourseGrid courses={event.relatedCourses.map((slug) => getCourse(slug)!)} />
        </PageSection>
      )}
      <LeadFormSlot heading={event.leadForm.heading} description={event.leadForm.description} config={pageFormConfig(event.form)} />
    </>
  );
}
