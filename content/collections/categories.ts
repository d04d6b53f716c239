/**
 * Categories of the media section and of the student stories. A Markdown file names its category by slug;
 * the labels and descriptions live here so that list pages, breadcrumbs and metadata read one source.
 */
export interface CategoryDefinition {
  slug: string;
  label: string;
  description: string;
}

export const mediaCategories = [
  {
    slug: 'career',
    label: 'Карьера',
    description: 'Как искать первую работу, проходить собеседования и расти от джуна до мидла.',
  },
  {
    slug: 'javascript',
    label: 'JavaScript',
    description: 'Язык, на котором держится фронтенд: разборы тем, которые спрашивают на собеседованиях.',
  },
  {
    slug: 'tools',
    label: 'Инструменты',
    description: 'Git, редактор, DevTools и всё, что экономит разработчику часы каждую неделю.',
  },
  {
    slug: 'learning',
    label: 'Обучение',
    description: 'Как учиться программированию и не бросить: планы, привычки, работа с ошибками.',
  },
] as const satisfies readonly CategoryDefinition[];

export const storyCategories = [
  {
    slug: 'career-change',
    label: 'Смена профессии',
    description: 'Истории тех, кто пришёл во фронтенд из другой сферы и нашёл первую работу разработчиком.',
  },
  {
    slug: 'promotion',
    label: 'Рост в профессии',
    description: 'Истории разработчиков, которые после курса выросли в грейде и зарплате.',
  },
] as const satisfies readonly CategoryDefinition[];

export type MediaCategorySlug = (typeof mediaCategories)[number]['slug'];
export type StoryCategorySlug = (typeof storyCategories)[number]['slug'];
