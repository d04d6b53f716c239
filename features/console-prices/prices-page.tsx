import Link from 'next/link';
import { moscowDayTime } from '@/components/console/moscow-time';
import { ConsoleTable } from '@/components/console/console-table';
import { ui } from '@/components/console/ui';
import type { PriceList } from './load';
import { tariffFigures } from './price-labels';

/** «Цены»: every course by its title with its tariffs' figures on the site now; a course's page changes them. */
export function PricesPage({ courses, now, notice }: PriceList & { notice: string | null }) {
  return (
    <>
      <h1 className={ui.h1}>Цены</h1>
      <p className="mb-4 max-w-3xl text-sm">
        Цены тарифов каждого курса. Откройте курс, чтобы изменить цену, зачёркнутую цену или число месяцев рассрочки — сразу или с нужного дня и часа. Новая
        цена появляется везде, где сайт её показывает: на странице курса, в каталоге, в текстах, у подарков акции и в данных для поисковиков.
      </p>
      {notice && (
        <p role="status" className="mb-4 text-sm">
          {notice}
        </p>
      )}
      <ConsoleTable
        caption="Курсы и цены их тарифов на сайте сейчас"
        columns={['Курс', 'Сейчас на сайте', 'Запланировано']}
        items={courses}
        renderRow={(course) => (
          <tr key={course.slug}>
            <td>
              <Link href={`/admin/prices/${course.slug}`} className={ui.link}>
                {course.title}
              </Link>
            </td>
            <td>
              <ul>
                {course.tariffs.map((tariff, index) => (
                  <li key={index}>
                    «{tariff.name}»: {course.figures[index] ? tariffFigures(course.figures[index], tariff.monthly) : '—'}
                  </li>
                ))}
              </ul>
            </td>
            <td>{course.scheduled.length > 0 ? course.scheduled.map((at) => `с ${moscowDayTime(at, now)}`).join(', ') : '—'}</td>
          </tr>
        )}
      />
    </>
  );
}
