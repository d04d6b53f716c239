import { getStories, type Story } from '@/content/collections';
import { ArticleBody } from './article-body';
import { categorizedSectionPages } from './categorized-section-pages';
import { CourseCta } from './course-cta';
import { EntryMeta } from './entry-meta';

/** /personal-stories, /personal-stories/category/{category} (`List`) and /personal-stories/{id} (`ItemView`), with their params and metadata. */
export const storyPages = categorizedSectionPages<Story>({
  load: getStories,
  text: {
    title: 'Истории студентов',
    description: 'Как выпускники школы сменили профессию или выросли в грейде: честно о сомнениях, учёбе по вечерам, собеседованиях и первой работе.',
    allLabel: 'Все истории',
  },
  cardMeta: studentLine,
  cardDetails: (story) => <BeforeAfter story={story} className="mt-4 text-sm" />,
  page: (story) => ({
    title: story.title,
    description: story.description,
    path: story.path,
    article: { publishedAt: story.publishedAt, section: story.category.label },
  }),
  entryMeta: (story) => <EntryMeta publishedAt={story.publishedAt} readingMinutes={story.readingMinutes} />,
  body: (story) => <StoryBody story={story} />,
  relatedHeading: 'Другие истории',
});

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

function StoryBody({ story }: { story: Story }) {
  return (
    <>
      <div className="mt-8 rounded-2xl border border-gray-200 p-6">
        <p className="text-lg font-semibold text-ink">{studentLine(story)}</p>
        <BeforeAfter story={story} className="mt-3" />
      </div>
      <figure className="mt-8 border-l-4 border-brand-500 pl-5">
        <blockquote className="text-xl font-medium leading-snug text-ink">{`«${story.quote}»`}</blockquote>
        <figcaption className="mt-2 text-sm text-gray-500">{story.student.name}</figcaption>
      </figure>
      <ArticleBody html={story.html} className="mt-10" />
      <CourseCta heading="Курс из этой истории" text={story.course.summary} course={story.course} />
    </>
  );
}
