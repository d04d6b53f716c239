import type { GcStatus } from '@/server/deals/status';

/** GetCourse's deal statuses as GetCourse's own interface names them in Russian. */
export const gcStatusLabels: Record<GcStatus, string> = {
  new: 'новый',
  in_work: 'в работе',
  payment_waiting: 'ожидает оплаты',
  pending: 'отложен',
  not_confirmed: 'не подтверждён',
  part_payed: 'частично оплачен',
  payed: 'оплачен',
  waiting_for_return: 'ожидает возврата',
  cancelled: 'отменён',
  false: 'ложный',
};

/** «2 раза» — how often GetCourse reported the number. */
export function timesText(count: number): string {
  const lastTwo = count % 100;
  const last = count % 10;
  const word = lastTwo >= 12 && lastTwo <= 14 ? 'раз' : last >= 2 && last <= 4 ? 'раза' : 'раз';
  return `${count} ${word}`;
}
