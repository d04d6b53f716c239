import type { CategoryDefinition } from '@/content/collections/category-definition';

/**
 * Categories of the student stories (/personal-stories/category/{slug}). A story in this folder names its
 * category by slug; a slug not listed here fails the build. Entries as in content/media/categories.ts.
 */
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
