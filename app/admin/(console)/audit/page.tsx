import type { Metadata } from 'next';
import Link from 'next/link';
import { auditActionText, moscowPeriod } from '@/features/admin/labels';
import { ui } from '@/features/admin/ui';
import { requireOperator } from '@/server/admin/session';
import { TableHead } from '@/features/admin/table-head';

export const metadata: Metadata = { title: 'Журнал' };

const PAGE = 100;

export default async function AuditPage({ searchParams }: { searchParams: Promise<{ before?: string }> }) {
  const { runtime } = await requireOperator();
  const { before } = await searchParams;
  const entries = await runtime.repos.audit.list({ before: /^\d{1,12}$/.test(before ?? '') ? Number(before) : undefined, limit: PAGE });
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
      {entries.length === PAGE && (
        <Link href={`/admin/audit?before=${entries.at(-1)!.id}`} className={`${ui.link} mt-4 inline-block`}>
          Раньше
        </Link>
      )}
    </>
  );
}
