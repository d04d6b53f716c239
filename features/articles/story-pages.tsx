import { notFound } from 'next/navigation';
import { findItem, getStories, relatedItems, type Story } from '@/content/collections';
import { ArticleBody } from './article-body';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { JsonLd } from '@/components/content/json-ld';
import { CategorizedListing, listingMetadata, type SectionText } from './categorized-listing';
import { CourseCta } from './course-cta';
import { EntryCard } from './entry-card';
import { EntryMeta } from './entry-meta';
import { collectionMetadata, type CollectionPage } from './metadata';
import { PageIntro } from './page-intro';
import { RelatedList } from './related-list';
import { articleJsonLd } from './structured-data';

const storiesText: SectionText = {
  title: 'Истории студентов',
  description:
    'Как выпускники школы сменили профессию или выросли в грейде: честно о сомнениях, учёбе по вечерам, собеседованиях и первой работе.',
  allLabel: 'Все истории',
};

export function storyCategoryParams() {
  return getStories().categories.map((category) => ({ category: category.slug }));
}

export function storyParams() {
  return getStories().items.map((story) => ({ id: story.id }));
}

export function storyListMetadata(categorySlug?: string) {
  return listingMetadata(getStories(), storiesText, categorySlug);
}

/** /personal-stories and /personal-stories/category/{category}. */
export function StoryList({ categorySlug }: { categorySlug?: string }) {
  return (
    <CategorizedListing
      section={getStories()}
      text={storiesText}
      categorySlug={categorySlug}
      renderCard={(story, inCategory) => <StoryCard story={story} showCategory={!inCategory} />}
    />
  );
}

function StoryCard({ story, headingLevel, showCategory = true }: { story: Story; headingLevel?: 2 | 3; showCategory?: boolean }) {
  return (
    <EntryCard
      href={story.path}
      title={story.title}
      description={story.description}
      eyebrow={showCategory ? story.category.label : undefined}
      meta={studentLine(story)}
      headingLevel={headingLevel}
    >
      <BeforeAfter story={story} className="mt-4 text-sm" />
    </EntryCard>
  );
}

function studentLine(story: Story): string {
  return story.student.city ? `${story.student.name}, ${story.student.city}` : story.student.name;
}

function BeforeAfter({ story, className }: { story: Story; className: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 ${className}`}>
      <dt className="font-semibold text-gray-500">Было</dt>
      <dd className="text-gray-700">{story.student.before}</dd>
      <dt className="font-semibold text-brand-600">Стало</dt>
      <dd className="text-gray-900">{story.student.after}</dd>
    </dl>
  );
}

function storyOrNotFound(id: string): Story {
  return findItem(getStories(), id) ?? notFound();
}

/** The story as its metadata and its structured data describe it. */
function storyPage(story: Story) {
  return {
    title: story.title,
    description: story.description,
    path: story.path,
    article: { publishedAt: story.publishedAt, section: story.category.label },
  } satisfies CollectionPage;
}

export function storyMetadata(id: string) {
  return collectionMetadata(storyPage(storyOrNotFound(id)));
}

/** /personal-stories/{id}. */
export function StoryView({ id }: { id: string }) {
  const stories = getStories();
  const story = storyOrNotFound(id);
  const related = relatedItems(stories, story);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <article className="mx-auto max-w-3xl">
        <JsonLd data={articleJsonLd(storyPage(story))} />
        <Breadcrumbs
          trail={[
            { label: storiesText.title, href: stories.path },
            { label: story.category.label, href: story.category.path },
            { label: story.title, href: story.path },
          ]}
        />
        <PageIntro eyebrow={<a href={story.category.path}>{story.category.label}</a>} title={story.title} description={story.description}>
          <EntryMeta publishedAt={story.publishedAt} readingMinutes={story.readingMinutes} />
        </PageIntro>
        <div className="mt-8 rounded-2xl border border-gray-200 p-6">
          <p className="text-lg font-semibold text-ink">{studentLine(story)}</p>
          <BeforeAfter story={story} className="mt-3" />
        </div>
        <figure className="mt-8 border-l-4 border-brand-500 pl-5">
          <blockquote className="text-xl font-medium leading-snug text-ink">{`«${story.quote}»`}</blockquote>
          <figcaption className="mt-2 text-sm text-gray-500">{story.student.name}</figcaption>
        </figure>
        <ArticleBody html={story.html} className="mt-10" />
        <CourseCta
          heading="Курс из этой истории"
          text={story.course.summary}
          course={story.course}
        />
      </article>
      <RelatedList heading="Другие истории" items={related} renderCard={(item) => <StoryCard story={item} headingLevel={3} />} />
    </div>
  );
}
