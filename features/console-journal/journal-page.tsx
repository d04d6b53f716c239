import Link from 'next/link';
import { TableHead } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { auditActionText, moscowPeriod } from './journal-labels';
import type { Journal } from './load';

/** «Журнал действий»: who did what in the console, newest first, a page at a time. */
export function JournalPage({ entries, earlier }: Journal) {
  return (
    <>
      <h1 className={ui.h1}>Журнал действий</h1>
      <table className={ui.table}>
        <caption className="sr-only">Действия операторов, сначала новые</caption>
        <TableHead columns={['Когда (МСК)', 'Кто', 'Что', 'С чем', 'Подробности']} />
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{moscowPeriod(entry.at, entry.lastAt)}</td>
              <td>{entry.actor ?? '—'}</td>
              <td>{auditActionText(entry)}</td>
              <td>{entry.subject ?? '—'}</td>
              <td className="break-all">{entry.details ? JSON.stringify(entry.details) : ''}</td>
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
