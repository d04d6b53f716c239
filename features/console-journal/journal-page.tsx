import Link from 'next/link';
import { actorText } from '@/components/console/actor-labels';
import { TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { moscowPeriod } from './journal-labels';
import { auditSentence } from './journal-sentences';
import type { Journal } from './load';

/** «Журнал действий»: who did what in the console, newest first, a page at a time. */
export function JournalPage({ entries, earlier }: Journal) {
  return (
    <>
      <h1 className={ui.h1}>Журнал действий</h1>
      <table className={ui.table}>
        <caption className="sr-only">Действия операторов, сначала новые</caption>
        <TableHead columns={['Когда (МСК)', 'Кто', 'Что сделано', 'Подробности']} />
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{moscowPeriod(entry.at, entry.lastAt)}</td>
              <td>{entry.actor ? actorText(entry.actor) : '—'}</td>
              <td>{auditSentence(entry)}</td>
              <td className="text-sm">
                <details>
                  <summary className="cursor-pointer">Технические подробности</summary>
                  <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 break-all">
                    <dt>Действие</dt>
                    <dd>
                      <code>{entry.action}</code>
                    </dd>
                    {entry.subject !== null && (
                      <>
                        <dt>Над чем</dt>
                        <dd>
                          <code>{entry.subject}</code>
                        </dd>
                      </>
                    )}
                    {entry.details && (
                      <>
                        <dt>Данные</dt>
                        <dd>
                          <code>{JSON.stringify(entry.details)}</code>
                        </dd>
                      </>
                    )}
                  </dl>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {earlier !== null && (
        <Link href={`/admin/audit?before=${earlier}`} className={`${ui.link} mt-4 inline-block`}>
          Раньше
        </Link>
      )}
    </>
  );
}
