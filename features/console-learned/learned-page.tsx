import Link from 'next/link';
import { actorText } from '@/components/console/actor-labels';
import { moscowTime } from '@/components/console/moscow-time';
import { figureColumns, TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { learnedElements, type LearnedEntry } from './entries';
import type { LearnedPageData } from './load';

export const learnedLabels = {
  title: 'Что мы узнали',
  subject: 'Страница или поп-ап',
  element: 'Что меняли',
  any: 'Все',
  anyElement: 'Что угодно',
  search: 'Найти',
  reset: 'Показать все',
  none: 'Завершённых тестов пока нет',
  nothingFound: 'Ничего не нашлось',
} as const;

/** «Что мы узнали»: every finished test of a pop-up or a page, the last ended first, searched by page and by element (a plain GET form). */
export function LearnedPage({ total, entries, subjects, search }: LearnedPageData) {
  const searching = search.subject !== '' || search.element !== '';
  return (
    <>
      <h1 className={ui.h1}>{learnedLabels.title}</h1>
      <p className="mb-3 max-w-3xl text-sm">
        Каждый завершённый тест поп-апа или страницы: что сравнивали, вывод одной фразой, цифры с интервалами, когда и кто его начал и закончил и какой вариант
        оставили.
      </p>
      <form method="get" action="/admin/learned" role="search" aria-label="Поиск по завершённым тестам" className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          {learnedLabels.subject}
          <select name="subject" defaultValue={search.subject} className={`${ui.input} max-w-md`}>
            <option value="">{learnedLabels.any}</option>
            {subjects.map((subject) => (
              <option key={subject.key} value={subject.key}>
                {subject.title}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm">
          {learnedLabels.element}
          <select name="element" defaultValue={search.element} className={ui.input}>
            <option value="">{learnedLabels.anyElement}</option>
            {Object.entries(learnedElements).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={ui.button}>
          {learnedLabels.search}
        </button>
        {searching && (
          <Link href="/admin/learned" className={`${ui.link} text-sm`}>
            {learnedLabels.reset}
          </Link>
        )}
      </form>
      {entries.length === 0 ? (
        <p className="text-sm">{total === 0 ? learnedLabels.none : learnedLabels.nothingFound}</p>
      ) : (
        <ol className="space-y-6" aria-label="Завершённые тесты, последние сверху">
          {entries.map((entry) => (
            <li key={entry.id}>
              <LearnedEntryView entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function LearnedEntryView({ entry }: { entry: LearnedEntry }) {
  const headingId = `learned-${entry.id}`;
  return (
    <article aria-labelledby={headingId} className="max-w-6xl border-b border-gray-300 pb-4" data-testid="learned-entry">
      <h2 id={headingId} className={ui.h2}>
        <Link href={entry.href} className={ui.link}>
          {entry.title}
        </Link>
      </h2>
      <p className="mb-2 font-semibold">{entry.verdict}</p>
      <dl className="mb-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt>Начат</dt>
        <dd>
          {moscowTime(entry.startedAt)}, {actorText(entry.startedBy)}
        </dd>
        <dt>Закончен</dt>
        <dd>
          {moscowTime(entry.endedAt)}, {actorText(entry.endedBy)}
        </dd>
        <dt>Итог</dt>
        <dd>{entry.outcome}</dd>
      </dl>
      <table className={`${ui.table} max-w-6xl`}>
        <caption className="sr-only">Варианты теста: что изменено и цифры</caption>
        <TableHead
          columns={[
            'Вариант',
            'Что изменено (как было у A → в варианте)',
            ...figureColumns(entry.countedLabel, 'Заявки', 'Конверсия (95 %)', 'Разница с A (95 %)'),
          ]}
        />
        <tbody>
          {entry.variants.map((variant) => (
            <tr key={variant.letter} data-variant={variant.letter}>
              <th scope="row">
                {variant.letter}
                {variant.kept && <span className="font-normal"> (оставлен)</span>}
              </th>
              <td>
                {variant.changes.length === 0 ? (
                  variant.letter === 'A' ? (
                    'как было'
                  ) : (
                    '—'
                  )
                ) : (
                  <ul>
                    {variant.changes.map((change) => (
                      <li key={change.element}>
                        {change.label}: {change.before === null ? '' : `«${change.before}» → `}«{change.after}»
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="text-right">{variant.counted.toLocaleString('ru-RU')}</td>
              <td className="text-right">{variant.leads.toLocaleString('ru-RU')}</td>
              <td className="text-right">{variant.conversion}</td>
              <td className="text-right">{variant.difference}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
