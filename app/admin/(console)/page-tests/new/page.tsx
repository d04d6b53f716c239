import type { Metadata } from 'next';
import { loadNewPageTest } from '@/features/console-experiments/page-test-load';
import { NewPageTestPage } from '@/features/console-experiments/new-page-test-page';

export const metadata: Metadata = { title: 'Новый тест страницы' };

export default async function Page() {
  return <NewPageTestPage {...await loadNewPageTest()} />;
}
