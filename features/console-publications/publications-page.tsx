import { ConfirmDialog } from '@/components/console/confirm-dialog';
import { ConsoleTable } from '@/components/console/console-table';
import { ui } from '@/components/console/ui';
import { formatMoscowDateTime } from '@/lib/popups/edit-check';
import { cancelPublicationAction } from './publication-actions';
import type { PublicationsData } from './publications-data';
import {
  cancelWords,
  lastRunText,
  nextRunText,
  publicationChangeLabels,
  publicationKindLabels,
  publicationMoment,
  publicationNotices,
} from './publications-labels';
import { RescheduleDialog } from './reschedule-dialog';
import { targetKey } from './schedule';

/** «Публикации»: what will appear on the site, change or end there, by time, each with «Отменить» and «Перенести»; then the release timer. */
export function PublicationsPage({ now, rows, lastRun, nextRun, done }: PublicationsData & { done?: string }) {
  const notice = done && done in publicationNotices ? publicationNotices[done as keyof typeof publicationNotices] : null;
  return (
    <>
      <h1 className={ui.h1}>Публикации</h1>
      <p className="mb-4 max-w-3xl text-sm">
        Что появится на сайте, изменится или закончится и когда. Статьи и события из консоли, поп-апы и подарки выходят сами в своё время; статьи, истории и
        события, дата которых записана в файлах, — с выпуском по таймеру в ночь на свой день. Время — московское.
      </p>
      {notice && (
        <p role="status" className="mb-4 text-sm">
          {notice}
        </p>
      )}
      <section aria-labelledby="upcoming">
        <h2 id="upcoming" className={ui.h2}>
          Впереди
        </h2>
        {rows.length === 0 ? (
          <p className="text-sm">Ничего не запланировано.</p>
        ) : (
          <ConsoleTable
            caption="Что появится, изменится или закончится, по времени"
            columns={['Когда', 'Что произойдёт', 'Что', 'Название', 'Страница', { label: 'Действия', srOnly: true }]}
            items={rows}
            renderRow={(row) => {
              const what = `${publicationKindLabels[row.kind].toLowerCase()} «${row.name}», ${publicationMoment(row, now)}`;
              return (
                <tr key={`${row.kind}-${row.change}-${row.at}-${row.name}`}>
                  <td>{publicationMoment(row, now)}</td>
                  <td>{publicationChangeLabels[row.change]}</td>
                  <td>{publicationKindLabels[row.kind]}</td>
                  <td>{row.name}</td>
                  <td className="font-mono">{row.path ?? '—'}</td>
                  <td>
                    {row.target ? (
                      <span className="flex flex-wrap gap-2">
                        <ConfirmDialog
                          action={cancelPublicationAction}
                          fields={{ target: targetKey(row.target) }}
                          trigger="Отменить"
                          triggerLabel={`Отменить: ${what}`}
                          title={`Отменить: ${publicationKindLabels[row.kind].toLowerCase()} «${row.name}»?`}
                          description={cancelWords(row)}
                          confirm="Отменить публикацию"
                          cancel="Не отменять"
                        />
                        <RescheduleDialog target={targetKey(row.target)} name={row.name} current={formatMoscowDateTime(row.at)} label={`Перенести: ${what}`} />
                      </span>
                    ) : (
                      <span className="text-xs text-gray-600">дата записана в файле</span>
                    )}
                  </td>
                </tr>
              );
            }}
          />
        )}
      </section>
      <section aria-labelledby="release-timer" className="mt-6">
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
    </>
  );
}
