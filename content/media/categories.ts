import type { CategoryDefinition } from '@/content/collections/category-definition';

/**
 * Categories of the media section (/media/category/{slug}). An article in this folder names its category
 * by slug (`category: career`); a slug not listed here fails the build. To add a category, add an entry:
 * `slug` (its address: lowercase Latin letters, digits, hyphens), `label` (its name on the site) and
 * `description` (the list page's lead and its description for search engines). A category shows on the
 * site once it has articles; every category needs two or more (a content test checks it).
 */

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
