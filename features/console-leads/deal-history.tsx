import { revenueText } from '@/lib/funnel';
import { isPartialPayment } from '@/server/rules/deal-status';
import type { DealChange } from '@/server/repositories/deal-status-changes';
import type { DealView } from '@/server/repositories/deals';
import { moscowTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';
import { TableHead } from '@/components/console/table-head';

const statusLabels: Record<DealView['status'], string> = {
  open: 'не оплачена',
  part_paid: 'частично оплачена',
  paid: 'оплачена',
  refund_waiting: 'ожидает возврата',
  refunded: 'возврат',
  cancelled: 'отменена',
};

/** A deal's state in words; paid less than its cost is «частично оплачена», whatever GetCourse's status. */
function statusText(deal: Pick<DealView, 'status' | 'costKopecks' | 'paidKopecks'>): string {
  return isPartialPayment(deal) ? statusLabels.part_paid : statusLabels[deal.status];
}
const sourceLabels: Record<DealChange['source'], string> = { callback: 'вызов GetCourse', reconcile: 'сверка с GetCourse' };

/** The lead's deal as GetCourse reported it, and every change of its state. */
export function DealHistory({ found }: { found: { deal: DealView; changes: DealChange[] } | null }) {
  if (!found) {
    return (
      <section aria-labelledby="deal-history">
        <h2 id="deal-history" className={ui.h2}>
          Оплата
        </h2>
        <p>GetCourse ещё не сообщал об оплате этой сделки.</p>
      </section>
    );
  }
  const { deal, changes } = found;
  return (
    <section aria-labelledby="deal-history">
      <h2 id="deal-history" className={ui.h2}>
        Оплата
      </h2>
      <p className="mb-2">
        Сделка {deal.dealNumber}: <strong>{statusText(deal)}</strong>
        {deal.paidKopecks > 0 && <>, оплачено {revenueText(deal.paidKopecks)}</>}
        {deal.costKopecks !== null && <> из {revenueText(deal.costKopecks)}</>}
      </p>
      <table className={ui.table}>
        <caption className="sr-only">История оплаты сделки</caption>
        <TableHead columns={['Когда (МСК)', 'Состояние', 'Оплачено', 'Откуда известно']} />
        <tbody>
          {changes.map((change, index) => (
            <tr key={index}>
              <td>{moscowTime(change.at)}</td>
              <td>{statusText(change)}</td>
              <td>{revenueText(change.paidKopecks)}</td>
              <td>{sourceLabels[change.source]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
