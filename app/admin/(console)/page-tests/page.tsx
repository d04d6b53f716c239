import type { Metadata } from 'next';
import { loadPageTestsPage } from '@/features/console-experiments/page-test-load';
import { PageTestsPage } from '@/features/console-experiments/page-tests-page';

export const metadata: Metadata = { title: 'Тесты страниц' };

export default async function Page() {
  return <PageTestsPage {...await loadPageTestsPage()} />;
}
