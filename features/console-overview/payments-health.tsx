import Link from 'next/link';
import type { ReconciliationState } from '@/server/repositories/deal-reconciliation';
import { FactList, type FactListItem } from './fact-list';
import { reconcileFailureText } from './reconcile-failure-labels';
import { moscowTime } from '@/components/console/moscow-time';
import { ui } from '@/components/console/ui';

/** A count of the overview, linked to its list when there is anything to see. */
function countItem(label: string, count: number, href: string): FactListItem {
  return [
    count > 0 ? (
      <Link key={href} href={href} className={ui.link}>
        {label}
      </Link>
    ) : (
      label
    ),
    String(count),
  ];
}

/**
 * Payments from GetCourse on the overview: numbers it reported that the site never sent, payments refused
 * as impossible for their deal, and the reconciliation.
 */
export function PaymentsHealthPanel({ unmatched, refused, reconciliation }: { unmatched: number; refused: number; reconciliation: ReconciliationState }) {
  const failedLast =
    reconciliation.lastFailureAt !== null && (reconciliation.lastSuccessAt === null || reconciliation.lastFailureAt > reconciliation.lastSuccessAt);
  const items: FactListItem[] = [
    countItem('Оплаты по неизвестным номерам сделок', unmatched, '/admin/payments/unknown'),
    countItem('Отклонённые оплаты', refused, '/admin/payments/refused'),
    ['Последняя сверка с GetCourse', reconciliation.lastSuccessAt ? moscowTime(reconciliation.lastSuccessAt) : 'ещё не было'],
    [
      'Последняя ошибка сверки',
      reconciliation.lastFailureAt
        ? `${moscowTime(reconciliation.lastFailureAt)} (${reconciliation.lastError ? reconcileFailureText(reconciliation.lastError) : '—'})`
        : 'не было',
    ],
  ];
  return (
    <section aria-labelledby="payments-health">
      <h2 id="payments-health" className={ui.h2}>
        Оплаты из GetCourse
      </h2>
      {failedLast && (
        <p role="status" className="mb-3 rounded border border-amber-400 bg-amber-50 p-3">
          Последняя сверка оплат не удалась: оплаты, о которых GetCourse не сообщил, появятся после следующей успешной.
        </p>
      )}
      <FactList items={items} />
    </section>
  );
}
