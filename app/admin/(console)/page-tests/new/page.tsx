import type { Metadata } from 'next';
import { loadNewPageTest } from '@/features/console-page-tests/load';
import { NewPageTestPage } from '@/features/console-page-tests/new-page-test-page';

export const metadata: Metadata = { title: 'Новый тест страницы' };

export default async function Page() {
  return <NewPageTestPage {...await loadNewPageTest()} />;
}
