import type { ComponentProps } from 'react';
import { notFound } from 'next/navigation';
import { findRoadmap, findRoadmapArticle, findTopic, getRoadmaps, type Roadmap, type RoadmapArticle, type Topic } from '@/content/collections';
import { ArticleBody } from './article-body';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { JsonLd } from '@/components/content/json-ld';
import { CourseCta } from './course-cta';
import { EntryCard } from './entry-card';
import { EntryMeta } from './entry-meta';
import { articleCount, readingTime } from './format';
import { collectionMetadata, type CollectionPage } from './metadata';
import { PageIntro } from './page-intro';
import { PagerNav } from './pager-nav';
import { PillNav } from './pill-nav';
import { articleJsonLd } from './structured-data';

export function roadmapParams() {
  return getRoadmaps().map((roadmap) => ({ roadmapAlias: roadmap.alias }));
}

export function topicParams() {
  return getRoadmaps().flatMap((roadmap) => roadmap.topics.map((topic) => ({ roadmapAlias: roadmap.alias, topicAlias: topic.alias })));
}

export function roadmapArticleParams() {
  return getRoadmaps().flatMap((roadmap) =>
    roadmap.topics.flatMap((topic) => topic.articles.map((article) => ({ roadmapAlias: roadmap.alias, articleAlias: article.alias }))),
  );
}

function roadmapOrNotFound(alias: string): Roadmap {
  return findRoadmap(alias) ?? notFound();
}

function topicOrNotFound(roadmapAlias: string, topicAlias: string) {
  return findTopic(roadmapAlias, topicAlias) ?? notFound();
}

function articleOrNotFound(roadmapAlias: string, articleAlias: string) {
  return findRoadmapArticle(roadmapAlias, articleAlias) ?? notFound();
}

function stageLabel(roadmap: Roadmap, topic: Topic): string {
  return `Этап ${roadmap.topics.indexOf(topic) + 1} из ${roadmap.topics.length}`;
}

function RoadmapCourse({ roadmap }: { roadmap: Roadmap }) {
  if (!roadmap.course) return null;
  return (
    <CourseCta
      heading="Пройдите этот путь с наставником"
      text="Все этапы роадмапа в одной программе: уроки, практические задания с код-ревью, проекты для портфолио и помощь с поиском работы."
      course={roadmap.course}
    />
  );
}

/** The "previous / next" captions of the two reading orders of a roadmap. */
const readingOrders = {
  stages: { label: 'Этапы роадмапа', previousCaption: 'Предыдущий этап', nextCaption: 'Следующий этап' },
  articles: { label: 'Статьи роадмапа', previousCaption: 'Предыдущая статья', nextCaption: 'Следующая статья' },
} as const;

type Neighbours = Pick<ComponentProps<typeof PagerNav>, 'previous' | 'next'>;

/** The end of a stage's or an article's page: on to its neighbours in the reading order, then the roadmap's course. */
function RoadmapPageEnd({ order, roadmap, previous, next }: { order: keyof typeof readingOrders; roadmap: Roadmap } & Neighbours) {
  return (
    <>
      <PagerNav {...readingOrders[order]} previous={previous} next={next} />
      <RoadmapCourse roadmap={roadmap} />
    </>
  );
}

export function roadmapMetadata(alias: string) {
  const roadmap = roadmapOrNotFound(alias);
  return collectionMetadata({ title: roadmap.title, description: roadmap.description, path: roadmap.path });
}

/** /roadmap/{roadmapAlias}: the stages in order, each with its articles. */
export function RoadmapView({ alias }: { alias: string }) {
  const roadmap = roadmapOrNotFound(alias);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Breadcrumbs trail={[{ label: roadmap.title, href: roadmap.path }]} />
      <PageIntro eyebrow="Роадмап" title={roadmap.title} description={roadmap.description} />
      <PillNav label="Роадмапы" links={getRoadmaps().map((candidate) => ({ href: candidate.path, label: candidate.title, active: candidate === roadmap }))} />
      <ArticleBody html={roadmap.html} className="mt-10" />
      <section aria-labelledby="stages-heading" className="mt-14">
        <h2 id="stages-heading" className="text-2xl font-bold text-ink">
          Этапы
        </h2>
        <ol className="mt-6 space-y-6 border-l-2 border-brand-100 pl-6">
          {roadmap.topics.map((topic, index) => (
            <li key={topic.alias} className="relative">
              <span
                aria-hidden="true"
                className="absolute -left-[2.3rem] top-0 flex size-7 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <p className="text-sm font-semibold text-brand-600">Этап {index + 1}</p>
              <h3 className="mt-1 text-xl font-semibold text-ink">
                <a href={topic.path} className="hover:text-brand-700 hover:underline">
                  {topic.title}
                </a>
              </h3>
              <p className="mt-2 text-gray-600">{topic.description}</p>
              <ul className="mt-3 space-y-1.5">
                {topic.articles.map((article) => (
                  <li key={article.alias}>
                    <a href={article.path} className="font-medium text-brand-700 hover:underline">
                      {article.title}
                    </a>
                    <span className="text-sm text-gray-500"> · {readingTime(article.readingMinutes)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
      <RoadmapCourse roadmap={roadmap} />
    </div>
  );
}

export function topicMetadata(roadmapAlias: string, topicAlias: string) {
  const { roadmap, topic } = topicOrNotFound(roadmapAlias, topicAlias);
  return collectionMetadata({ title: `${topic.title} — ${roadmap.title}`, description: topic.description, path: topic.path });
}

/** /roadmap/{roadmapAlias}/topic/{topicAlias}: one stage, its goal and its articles. */
export function TopicView({ roadmapAlias, topicAlias }: { roadmapAlias: string; topicAlias: string }) {
  const { roadmap, topic } = topicOrNotFound(roadmapAlias, topicAlias);
  const index = roadmap.topics.indexOf(topic);
  const previous = roadmap.topics[index - 1];
  const next = roadmap.topics[index + 1];
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Breadcrumbs
        trail={[
          { label: roadmap.title, href: roadmap.path },
          { label: topic.title, href: topic.path },
        ]}
      />
      <PageIntro
        eyebrow={
          <>
            <a href={roadmap.path}>{roadmap.title}</a> · {stageLabel(roadmap, topic)}
          </>
        }
        title={topic.title}
        description={topic.description}
      />
      <ArticleBody html={topic.html} className="mt-10" />
      <section aria-labelledby="articles-heading" className="mt-14">
        <h2 id="articles-heading" className="text-2xl font-bold text-ink">
          Статьи этапа <span className="text-base font-normal text-gray-500">· {articleCount(topic.articles.length)}</span>
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {topic.articles.map((article) => (
            <li key={article.alias}>
              <EntryCard
                href={article.path}
                title={article.title}
                description={article.description}
                meta={readingTime(article.readingMinutes)}
                headingLevel={3}
              />
            </li>
          ))}
        </ul>
      </section>
      <RoadmapPageEnd order="stages" roadmap={roadmap} previous={previous} next={next} />
    </div>
  );
}

/** The article as its metadata and its structured data describe it. */
function roadmapArticlePage(topic: Topic, article: RoadmapArticle) {
  return {
    title: article.title,
    description: article.description,
    path: article.path,
    article: { publishedAt: article.publishedAt, updatedAt: article.updatedAt, section: topic.title },
  } satisfies CollectionPage;
}

export function roadmapArticleMetadata(roadmapAlias: string, articleAlias: string) {
  const { topic, article } = articleOrNotFound(roadmapAlias, articleAlias);
  return collectionMetadata(roadmapArticlePage(topic, article));
}

/** /roadmap/{roadmapAlias}/article/{articleAlias}: an article, with the way back to its stage and on to the next one. */
export function RoadmapArticleView({ roadmapAlias, articleAlias }: { roadmapAlias: string; articleAlias: string }) {
  const { roadmap, topic, article, previous, next } = articleOrNotFound(roadmapAlias, articleAlias);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <JsonLd data={articleJsonLd(roadmapArticlePage(topic, article))} />
      <Breadcrumbs
        trail={[
          { label: roadmap.title, href: roadmap.path },
          { label: topic.title, href: topic.path },
          { label: article.title, href: article.path },
        ]}
      />
      <PageIntro
        eyebrow={
          <a href={topic.path}>
            {stageLabel(roadmap, topic)}: {topic.title}
          </a>
        }
        title={article.title}
        description={article.description}
      >
        <EntryMeta publishedAt={article.publishedAt} updatedAt={article.updatedAt} readingMinutes={article.readingMinutes} />
      </PageIntro>
      <ArticleBody html={article.html} className="mt-10" />
      <RoadmapPageEnd order="articles" roadmap={roadmap} previous={previous} next={next} />
    </article>
  );
}
