import Link from 'next/link';
import { pageLabel } from '@/content/names';
import { moscowTime } from '@/components/console/moscow-time';
import { TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import type { PageTest } from '@/server/experiments/subjects/page';
import { pageTestLabels } from './page-test-labels';

/** «Тесты страниц»: every test of a course page or campaign landing, newest first, and «Новый тест страницы». */
export function PageTestsPage({ tests }: { tests: PageTest[] }) {
  return (
    <>
      <h1 className={ui.h1}>{pageTestLabels.title}</h1>
      <p className="mb-3 max-w-3xl text-sm">
        Тест страницы показывает посетителям страницы курса разные заголовки, подзаголовки, надписи на кнопке и цену на первом месте — сразу, без мигания — и
        считает по каждому варианту заявки, оплаты и выручку.
      </p>
      <p className="mb-4">
        <Link href="/admin/page-tests/new" className={ui.link}>
          {pageTestLabels.create}
        </Link>
      </p>
      {tests.length === 0 ? (
        <p className="text-sm">Тестов пока нет.</p>
      ) : (
        <table className={`${ui.table} max-w-5xl`}>
          <caption className="sr-only">Тесты страниц, новые сверху</caption>
          <TableHead columns={['Страница', 'Состояние', 'Вариантов', 'Создан', 'Начат', 'Остановлен']} />
          <tbody>
            {tests.map((test) => (
              <tr key={test.id}>
                <td>
                  <Link href={`/admin/page-tests/${test.id}`} className={ui.link}>
                    {pageLabel(test.pagePath)}
                  </Link>
                </td>
                <td>{pageTestLabels.status[test.status]}</td>
                <td>{test.variants.length}</td>
                <td>{moscowTime(test.createdAt)}</td>
                <td>{test.startedAt ? moscowTime(test.startedAt) : '—'}</td>
                <td>{test.stoppedAt ? moscowTime(test.stoppedAt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
