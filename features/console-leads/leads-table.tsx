import Link from 'next/link';
import type { LeadListRow } from '@/server/repositories/lead-queries';
import { formName } from '@/content/names';
import { revenueText } from '@/lib/funnel';
import { moscowTime } from '@/components/console/moscow-time';
import { deliveryStatusLabels } from './lead-labels';
import { PageName } from './page-name';
import { ui } from '@/components/console/ui';
import { TableHead } from '@/components/console/table-head';

/**
 * The leads, newest first, in eight columns that fit a 1,366 px screen: the contacts in one cell (name,
 * e-mail, phone, a line each) and the UTM tags in another, the page's name given the room to read in
 * three lines.
 */
export function LeadsTable({ rows }: { rows: LeadListRow[] }) {
  if (rows.length === 0) return <p>Заявок с такими условиями нет.</p>;
  return (
    <div className="overflow-x-auto">
      <table className={ui.table}>
        <caption className="sr-only">Заявки, сначала новые</caption>
        <TableHead columns={['Дата (МСК)', 'Форма', 'Страница', 'Контакты', 'Метки (utm_source, utm_campaign)', 'Оплачен', 'Доставка', 'Спам']} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <Link href={`/admin/leads/${row.id}`} className={ui.link}>
                  {moscowTime(row.createdAt)}
                </Link>
              </td>
              <td className="min-w-36">{formName(row.formId)}</td>
              <td className="min-w-84">
                <PageName path={row.pagePath} />
              </td>
              <td className="min-w-48">
                <span className="block">{row.name}</span>
                <span className="block break-all">{row.email}</span>
                <span className="block whitespace-nowrap">{row.phone}</span>
              </td>
              <td className="break-all">
                <span className="block">{row.utmSource ?? '—'}</span>
                <span className="block">{row.utmCampaign ?? '—'}</span>
              </td>
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
