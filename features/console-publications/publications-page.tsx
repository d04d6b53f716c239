import { ConsoleTable } from '@/components/console/console-table';
import { ui } from '@/components/console/ui';
import type { PublicationsData } from './publications-data';
import { lastRunText, nextRunText, publicationChangeLabels, publicationKindLabels, publicationMoment } from './publications-labels';

/** «Публикации»: the release timer's runs, then what will appear on the site or end there, by time. */
export function PublicationsPage({ now, rows, lastRun, nextRun }: PublicationsData) {
  return (
    <>
      <h1 className={ui.h1}>Публикации</h1>
      <p className="mb-4 max-w-3xl text-sm">
        Что появится на сайте или закончится и когда. Статьи, истории и события с датой публикации выходят с выпуском по таймеру в ночь на свой день; поп-апы и
        подарки включаются и выключаются сами в своё время. Время — московское.
      </p>
      <section aria-labelledby="release-timer" className="mb-6">
        <h2 id="release-timer" className={ui.h2}>
          Таймер выпусков
        </h2>
        <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Последний запуск</dt>
          <dd>{lastRunText(lastRun, now)}</dd>
          <dt className="font-medium">Следующий запуск</dt>
          <dd>{nextRunText(nextRun, now)}</dd>
        </dl>
      </section>
      <section aria-labelledby="upcoming">
        <h2 id="upcoming" className={ui.h2}>
          Впереди
        </h2>
        {rows.length === 0 ? (
          <p className="text-sm">Ничего не запланировано.</p>
        ) : (
          <ConsoleTable
            caption="Что появится или закончится, по времени"
            columns={['Когда', 'Что произойдёт', 'Что', 'Название', 'Страница']}
            items={rows}
            renderRow={(row) => (
              <tr key={`${row.kind}-${row.change}-${row.at}-${row.name}`}>
                <td>{publicationMoment(row, now)}</td>
                <td>{publicationChangeLabels[row.change]}</td>
                <td>{publicationKindLabels[row.kind]}</td>
                <td>{row.name}</td>
                <td className="font-mono">{row.path ?? '—'}</td>
              </tr>
            )}
          />
        )}
      </section>
    </>
  );
}
