import Link from 'next/link';
import { ui } from '@/components/console/ui';
import type { TestablePage } from './page-test-load';
import { PageTestForm } from './page-test-form';
import { pageTestLabels } from './page-test-labels';

/** «Новый тест страницы»: the page by its address («Страница») and the variants B, C, D. */
export function NewPageTestPage({ pages }: { pages: TestablePage[] }) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/page-tests" className={ui.link}>
          {pageTestLabels.title}
        </Link>
      </p>
      <h1 className={ui.h1}>{pageTestLabels.create}</h1>
      <PageTestForm pages={pages} />
    </>
  );
}
