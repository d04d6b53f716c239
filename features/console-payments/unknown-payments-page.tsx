import Link from 'next/link';
import { ConsoleTable } from '@/components/console/console-table';
import { moscowTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';
import { revenueText } from '@/lib/funnel';
import type { UnknownPaymentsData } from './load';
import { gcStatusLabels, timesText } from './payment-labels';

/** Payments GetCourse reported on deal numbers the site never sent: a deal made in GetCourse by hand, or another site's. */
export function UnknownPaymentsPage({ payments, total }: UnknownPaymentsData) {
  return (
    <>
      <p className="mb-2">
        <Link href="/admin" className={ui.link}>
          ← Обзор
        </Link>
      </p>
      <h1 className={ui.h1}>Оплаты по неизвестным номерам сделок</h1>
      <p className="mb-4 max-w-3xl text-sm">
        GetCourse сообщил об этих сделках, но сайт их не отправлял: сделку создали в GetCourse вручную, через другую форму или другой сайт. В «Кампании» и в
        заявки они не попадают. Найдите сделку в GetCourse по номеру.
      </p>
      {payments.length === 0 ? (
        <p>Таких оплат нет.</p>
      ) : (
        <>
          {total > payments.length && (
            <p className="mb-2 text-sm">
              Показаны последние {payments.length} из {total}.
            </p>
          )}
          <ConsoleTable
            caption="Оплаты по неизвестным номерам сделок, сначала последние"
            columns={['Номер сделки', 'Статус в GetCourse', 'Оплачено', 'Когда (МСК)', 'Сообщений']}
            items={payments}
            renderRow={(payment) => (
              <tr key={payment.dealNumber}>
                <td>{payment.dealNumber}</td>
                <td>{gcStatusLabels[payment.gcStatus] ?? payment.gcStatus}</td>
                <td>{revenueText(payment.paidKopecks)}</td>
                <td>
                  {moscowTime(payment.lastAt)}
                  {payment.firstAt !== payment.lastAt && <> (впервые {moscowTime(payment.firstAt)})</>}
                </td>
                <td>{timesText(payment.calls)}</td>
              </tr>
            )}
          />
        </>
      )}
    </>
  );
}
