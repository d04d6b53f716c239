import { requireOperator } from '@/server/admin/session';

/** How many payments each page lists at most (the newest). */
const LISTED = 200;

/** «Оплаты по неизвестным номерам сделок»: what GetCourse reported on numbers the site never sent, the latest first. */
export async function loadUnknownPayments() {
  const { runtime } = await requireOperator();
  const [payments, total] = await Promise.all([runtime.repos.dealUnmatchedCallbacks.list(LISTED), runtime.repos.dealUnmatchedCallbacks.count()]);
  return { payments, total };
}

export type UnknownPaymentsData = Awaited<ReturnType<typeof loadUnknownPayments>>;

/** «Отклонённые оплаты»: reports whose money cannot be right for their deal, the latest first. */
export async function loadRefusedPayments() {
  const { runtime } = await requireOperator();
  const [payments, total] = await Promise.all([runtime.repos.dealRefusedPayments.list(LISTED), runtime.repos.dealRefusedPayments.count()]);
  return { payments, total };
}

export type RefusedPaymentsData = Awaited<ReturnType<typeof loadRefusedPayments>>;
