import type { Metadata } from 'next';
import { loadPageTestsPage } from '@/features/console-page-tests/load';
import { PageTestsPage } from '@/features/console-page-tests/page-tests-page';

export const metadata: Metadata = { title: 'Тесты страниц' };

export default async function Page() {
  return <PageTestsPage {...await loadPageTestsPage()} />;
}
