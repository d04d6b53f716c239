import Link from 'next/link';
import type { LeadListRow } from '@/server/repositories/leads';
import { formName } from '@/content/names';
import { revenueText } from '@/lib/funnel';
import { moscowTime } from '@/components/console/moscow-time';
import { deliveryStatusLabels } from './lead-labels';
import { PageName } from './page-name';
import { ui } from '@/components/console/ui';
import { TableHead } from '@/components/console/table-head';

export function LeadsTable({ rows }: { rows: LeadListRow[] }) {
  if (rows.length === 0) return <p>Заявок с такими условиями нет.</p>;
  return (
    <div className="overflow-x-auto">
      <table className={ui.table}>
        <caption className="sr-only">Заявки, сначала новые</caption>
        <TableHead columns={['Дата (МСК)', 'Форма', 'Страница', 'Имя', 'E-mail', 'Телефон', 'utm_source', 'utm_campaign', 'Оплачен', 'Доставка', 'Спам']} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <Link href={`/admin/leads/${row.id}`} className={ui.link}>
                  {moscowTime(row.createdAt)}
                </Link>
              </td>
              <td>{formName(row.formId)}</td>
              <td>
                <PageName path={row.pagePath} />
              </td>
              <td>{row.name}</td>
              <td>{row.email}</td>
              <td>{row.phone}</td>
              <td>{row.utmSource ?? '—'}</td>
              <td>{row.utmCampaign ?? '—'}</td>
              <td>
                {row.paidKopecks === null ? '' : revenueText(row.paidKopecks)}
                {row.partPaid && <>, частично оплачена</>}
              </td>
              <td>{row.deliveryStatus ? deliveryStatusLabels[row.deliveryStatus] : 'не требуется'}</td>
              <td>{row.isSpam ? 'да' : row.withheld ? 'Похоже на спам' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
