import { getCourse } from '@/content/courses';
import { revenueText } from '@/lib/funnel';
import type { PaymentRefusal } from '@/server/rules/payment-plausibility';
import type { GcStatus } from '@/server/rules/deal-status';

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

/**
 * Why a payment was refused, with what it was held against: «Оплачено больше, чем стоит самый дорогой
 * тариф курса «Git» (9 990 ₽)».
 */
export function refusalText({ reason, limitKopecks, course }: PaymentRefusal): string {
  const limit = revenueText(limitKopecks);
  if (reason === 'paid_above_cost') return `Оплачено больше стоимости сделки (${limit})`;
  const dearest = course ? `самый дорогой тариф курса «${getCourse(course)?.title ?? course}»` : 'самый дорогой курс школы';
  return `${reason === 'paid_above_tariffs' ? 'Оплачено' : 'Стоимость сделки'} больше, чем стоит ${dearest} (${limit})`;
}
