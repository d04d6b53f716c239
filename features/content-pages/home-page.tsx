import { FactCards, TextCards } from '@/components/content/text-cards';
import { StaticImage } from '@/components/ui/static-image';
import { CourseGrid } from '@/components/content/course-card';
import { HeroImage } from '@/components/content/page-hero';
import { getMedia, getStories } from '@/content/collections';
import { CtaLink } from '@/components/content/cta-link';
import { PageSection } from '@/components/content/page-section';
import { getCourse } from '@/content/courses';
import { eventStatusLabels, getEvent } from '@/content/events';
import { home } from '@/content/pages';
import { typography } from '@/lib/typography';

/** The home page: hero, course highlights, roadmaps, stories and media, events and a closing CTA. */
export function HomePage() {
  const courseBlocks = [
    { id: 'professions', block: home.professions, tone: 'plain' },
    { id: 'skills', block: home.skills, tone: 'muted' },
    { id: 'free', block: home.free, tone: 'plain' },
  ] as const;
  // Both collections are sorted newest first.
  const latest = { stories: getStories().items.slice(0, 3), media: getMedia().items.slice(0, 3) };
  return (
    <>
      <section aria-labelledby="home-title" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:py-20 lg:grid-cols-[1fr_minmax(0,520px)] lg:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{home.hero.eyebrow}</p>
            <h1 id="home-title" className="mt-3 text-4xl font-bold leading-tight sm:text-5xl">
              {typography(home.hero.title)}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-gray-700">{typography(home.hero.lead)}</p>
            <div className="mt-8 flex flex-wrap gap-4">
              <CtaLink href={home.hero.primary.href}>{home.hero.primary.label}</CtaLink>
              <CtaLink href={home.hero.secondary.href} variant="outline">
                {home.hero.secondary.label}
              </CtaLink>
            </div>
          </div>
          <HeroImage image={home.hero.image} columnWidth={520} />
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-12">
          <FactCards
            items={home.stats}
            className="grid grid-cols-2 gap-4 md:grid-cols-4"
            cardClassName="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-100"
          />
        </div>
      </section>

      {courseBlocks.map(({ id, block, tone }) => (
        <PageSection key={id} id={id} title={block.heading} intro={typography(block.intro)} tone={tone}>
          {/* Slugs were checked against the course list when the home content loaded. */}
          <CourseGrid courses={block.slugs.map((slug) => getCourse(slug)!)} />
          <p className="mt-6">
            <a href={block.more.href} className="font-semibold text-brand-700 underline underline-offset-2">
              {block.more.label}
            </a>
          </p>
        </PageSection>
      ))}

      <PageSection id="advantages" title={home.advantages.heading} tone="muted">
        <TextCards items={home.advantages.items} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" />
      </PageSection>

      <PageSection id="roadmaps" title={home.roadmaps.heading} intro={typography(home.roadmaps.intro)}>
        <ul className="grid gap-6 md:grid-cols-2">
          {home.roadmaps.items.map((item) => (
            <li key={item.href} className="relative rounded-2xl border border-gray-200 p-6 hover:border-brand-600">
              <CardTitle href={item.href} title={item.title} className="text-xl font-bold" />
              <p className="mt-2 text-gray-700">{typography(item.text)}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="reading" title={home.reading.heading} tone="muted">
        <ul className="grid gap-6 md:grid-cols-2">
          {home.reading.items.map((item) => (
            <li key={item.href} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-100">
              <h3 className="text-xl font-bold">{typography(item.title)}</h3>
              <p className="mt-2 text-gray-700">{typography(item.text)}</p>
              <ul className="mt-4 flex-1 divide-y divide-gray-100">
                {latest[item.collection].map((entry) => (
                  <li key={entry.path} className="py-3">
                    <a href={entry.path} className="font-semibold hover:text-brand-700">
                      {typography(entry.title)}
                    </a>
                    <p className="mt-1 text-sm text-gray-600">{typography(entry.description)}</p>
                  </li>
                ))}
              </ul>
              <a href={item.href} className="mt-4 font-semibold text-brand-700 underline underline-offset-2">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="events" title={home.events.heading}>
        <ul className="grid gap-6 md:grid-cols-3">
          {home.events.slugs.map((slug) => {
            // Slugs were checked against the event list when the home content loaded; a scheduled one waits for its day.
            const event = getEvent(slug);
            if (!event) return null;
            return (
              <li key={slug} className="relative flex flex-col overflow-hidden rounded-2xl border border-gray-200 hover:border-brand-600">
                <StaticImage
                  src={event.image.src}
                  alt=""
                  width={event.image.width}
                  height={event.image.height}
                  sizes="(min-width: 768px) 360px, 100vw"
                  className="aspect-[8/5] w-full object-cover"
                />
                <div className="flex flex-1 flex-col p-5">
                  <p className="text-sm text-gray-500">
                    {event.kind} · {eventStatusLabels[event.status]}
                  </p>
                  <CardTitle href={`/events/${event.slug}`} title={event.title} className="mt-1 text-lg font-bold" />
                  <p className="mt-2 text-sm text-gray-700">{typography(event.schedule)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </PageSection>

      <section aria-labelledby="home-cta-heading" className="mx-auto max-w-6xl px-4 py-12">
        <div className="rounded-3xl bg-brand-700 p-8 text-white md:p-12">
          <h2 id="home-cta-heading" className="text-2xl font-bold md:text-3xl">
            {home.cta.heading}
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-brand-100">{typography(home.cta.text)}</p>
          <div className="mt-6 flex flex-wrap gap-4">
            <CtaLink href={home.cta.primary.href} variant="secondary">
              {home.cta.primary.label}
            </CtaLink>
            <CtaLink href={home.cta.secondary.href} variant="outline">
              {home.cta.secondary.label}
            </CtaLink>
          </div>
        </div>
      </section>
    </>
  );
}

/** A card's title as its link, stretched over the whole card (which is `relative`) so all of it is clickable. */
function CardTitle({ href, title, className }: { href: string; title: string; className: string }) {
  return (
    <h3 className={className}>
      <a href={href} className="after:absolute after:inset-0 after:content-['']">
        {typography(title)}
      </a>
    </h3>
  );
}
