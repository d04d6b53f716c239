import Link from 'next/link';
import { ConsoleTable } from '@/components/console/console-table';
import { moscowTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';
import { revenueText } from '@/lib/funnel';
import type { RefusedPaymentsData } from './load';
import { gcStatusLabels, refusalText, timesText } from './payment-labels';

/**
 * Payments GetCourse reported whose money cannot be right for their deal (server/rules/payment-plausibility.ts):
 * not counted anywhere, listed with the reason so the team can fix the process or the deal in GetCourse.
 */
export function RefusedPaymentsPage({ payments, total }: RefusedPaymentsData) {
  const amount = (kopecks: number | null) => (kopecks === null ? 'не указано' : revenueText(kopecks));
  return (
    <>
      <p className="mb-2">
        <Link href="/admin" className={ui.link}>
          ← Обзор
        </Link>
      </p>
      <h1 className={ui.h1}>Отклонённые оплаты</h1>
      <p className="mb-2 max-w-3xl text-sm">
        GetCourse сообщил об оплате, которая не может быть верной: стоимость сделки больше, чем стоит самый дорогой курс школы; оплачено больше стоимости
        сделки; или стоимость не передана, а оплачено больше, чем стоит самый дорогой тариф курса, по которому оставлена заявка (для общих форм — самый дорогой
        курс школы). Такие оплаты не попадают ни в «Кампании», ни в тесты страниц. Обычно это ошибка в процессе GetCourse (в адресе «Вызвать URL» перепутаны
        поля) или чужой вызов с утёкшим секретом.
      </p>
      <p className="mb-4 max-w-3xl text-sm">
        Если оплата настоящая (например, менеджер продал по заявке более дорогой курс), ждать правки не нужно: ежечасная сверка с GetCourse берёт из выгрузки и
        стоимость сделки и учтёт оплату. Чтобы такие оплаты учитывались сразу, проверьте, что адрес «Вызвать URL» передаёт стоимость (cost=…).
      </p>
      {payments.length === 0 ? (
        <p>Отклонённых оплат нет.</p>
      ) : (
        <>
          {total > payments.length && (
            <p className="mb-2 text-sm">
              Показаны последние {payments.length} из {total}.
            </p>
          )}
          <ConsoleTable
            caption="Отклонённые оплаты, сначала последние"
            columns={['Номер сделки', 'Заявка', 'Статус в GetCourse', 'Стоимость', 'Оплачено', 'Почему отклонена', 'Когда (МСК)', 'Сообщений']}
            items={payments}
            renderRow={(payment) => (
              <tr key={payment.dealNumber} data-deal={payment.dealNumber}>
                <td>{payment.dealNumber}</td>
                <td>
                  {payment.leadId === null ? (
                    'сайт не отправлял'
                  ) : (
                    <Link href={`/admin/leads/${payment.leadId}`} className={ui.link}>
                      Заявка {payment.leadId}
                    </Link>
                  )}
                </td>
                <td>{gcStatusLabels[payment.gcStatus] ?? payment.gcStatus}</td>
                <td>{amount(payment.costKopecks)}</td>
                <td>{amount(payment.paidKopecks)}</td>
                <td>{refusalText(payment)}</td>
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
