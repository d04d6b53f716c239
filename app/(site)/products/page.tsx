import type { Metadata } from 'next';
import { CourseCatalog } from '@/features/course-page/catalog';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata: Metadata = pageMetadata({
  title: 'Курсы фронтенд-разработки',
  description: 'Все курсы школы: профессии с нуля до middle, курсы по JavaScript, TypeScript, React, Git и вёрстке, бесплатные курсы и консультация.',
  path: '/products',
});

export default CourseCatalog;
