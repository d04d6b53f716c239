/**
 * What a GetCourse deal status means to the site, and how a new report about a deal is merged with what
 * is known (pure, unit-tested; the repository applies the outcome in one transaction).
 *
 * GetCourse calls us without a reliable time of the change, and callbacks can be lost, repeated or come
 * out of order; so a report is ranked by how far along the deal it is, and a lower rank never undoes a
 * higher one: a late «new» after «payed» changes nothing. Cancellation ranks highest; a cancellation of a
 * deal that was paid is recorded as a refund. Money wins over a cancellation that came first (a cancelled,
 * never-paid deal that is paid later is paid), but not over a refund (a late «payed» after it).
 */

export const gcStatuses = [
  'new',
  'in_work',
  'payment_waiting',
  'pending',
  'not_confirmed',
  'part_payed',
  'payed',
  'waiting_for_return',
  'cancelled',
  'false',
] as const;
export type GcStatus = (typeof gcStatuses)[number];

/** The site's view of a deal. `paid` and `part_paid` are money kept: the funnel's paid deals and revenue. */
export const dealStatuses = ['open', 'part_paid', 'paid', 'refund_waiting', 'refunded', 'cancelled'] as const;
export type DealStatus = (typeof dealStatuses)[number];
export const paidDealStatuses: readonly DealStatus[] = ['paid', 'part_paid'];
/** A deal whose money GetCourse gave back or is about to: «Кампании» counts it apart, out of the revenue. */
export const refundDealStatuses: readonly DealStatus[] = ['refund_waiting', 'refunded'];

/** GetCourse's Russian labels (what a process block substitutes when set to show names), lower case, ё as е. */
const russianLabels: Record<string, GcStatus> = {
  новый: 'new',
  'в работе': 'in_work',
  'ожидаем оплаты': 'payment_waiting',
  'ожидает оплаты': 'payment_waiting',
  отложен: 'pending',
  'не подтвержден': 'not_confirmed',
  'частично оплачен': 'part_payed',
  оплачен: 'payed',
  завершен: 'payed',
  'ожидаем возврата': 'waiting_for_return',
  отменен: 'cancelled',
  ложный: 'false',
};

/** `payed`, `Оплачен`, `Завершён` → the code; null when it is none of GetCourse's statuses. */
export function gcStatusOf(text: string): GcStatus | null {
  const value = text.trim().toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ');
  if ((gcStatuses as readonly string[]).includes(value)) return value as GcStatus;
  return russianLabels[value] ?? null;
}

const rankOf: Record<GcStatus, number> = {
  new: 1,
  in_work: 1,
  payment_waiting: 1,
  pending: 1,
  not_confirmed: 1,
  part_payed: 2,
  payed: 3,
  waiting_for_return: 4,
  cancelled: 5,
  false: 5,
};

export function dealRank(status: GcStatus): number {
  return rankOf[status];
}

/**
 * An amount as GetCourse writes it (`12 990 руб.`, `12 990,50 ₽`, `1,000.00`, `0`) in kopecks; null when
 * absent (empty, or the template left unfilled: `{object.payed_money}`); undefined when it is not an amount.
 */
export function parseMoney(text: string | null | undefined): number | null | undefined {
  const raw = text?.trim() ?? '';
  if (raw === '' || /^\{.*\}$/.test(raw)) return null;
  let value = raw.replace(/[\s\u00a0\u202f]/g, '').replace(/(руб\.?|р\.|₽|rub|RUB)/gi, '');
  if (!/^\d[\d.,]*$/.test(value)) return undefined;
  if (value.includes('.') && value.includes(',')) value = value.replaceAll(',', '');
  else if (/^\d+,\d{1,2}$/.test(value)) value = value.replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+$/.test(value)) value = value.replaceAll(',', '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(value)) return undefined;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** What GetCourse reported about one deal. */
export interface DealReport {
  dealNumber: string;
  gcStatus: GcStatus;
  costKopecks: number | null;
  /** Null: not said (then a paid deal counts its cost). */
  paidKopecks: number | null;
  /** When it happened, as well as we know: the callback's arrival, or the export's payment or change time. */
  at: number;
  source: 'callback' | 'reconcile';
}

export type CallbackProblemCode = 'bad_number' | 'bad_status' | 'bad_cost' | 'bad_paid';
export interface CallbackProblem {
  code: CallbackProblemCode;
  field: 'number' | 'status' | 'cost' | 'paid';
}

/**
 * The query of a «Вызвать URL» call: `number`, `status`, `cost`, `paid`, each checked for its form. Whether
 * the amounts are plausible for the deal is judged where the deal's lead is known (payment-plausibility.ts).
 */
export function parseDealCallback(query: URLSearchParams, now: number): { report: DealReport } | { problem: CallbackProblem } {
  const number = query.get('number')?.trim() ?? '';
  if (!/^\d{1,20}$/.test(number)) return { problem: { code: 'bad_number', field: 'number' } };
  const gcStatus = gcStatusOf(query.get('status') ?? '');
  if (!gcStatus) return { problem: { code: 'bad_status', field: 'status' } };
  const cost = parseMoney(query.get('cost'));
  if (cost === undefined) return { problem: { code: 'bad_cost', field: 'cost' } };
  const paid = parseMoney(query.get('paid'));
  if (paid === undefined) return { problem: { code: 'bad_paid', field: 'paid' } };
  return { report: { dealNumber: number, gcStatus, costKopecks: cost, paidKopecks: paid, at: now, source: 'callback' } };
}

/** A deal's state as stored. */
export interface DealState {
  status: DealStatus;
  gcStatus: GcStatus;
  rank: number;
  costKopecks: number | null;
  paidKopecks: number;
  paidAt: number | null;
  changedAt: number;
}

/** The state after `report`, or null when the report changes nothing (a repeat, or older than what is known). */
export function mergeDealReport(current: DealState | null, report: DealReport): DealState | null {
  const rank = dealRank(report.gcStatus);
  const wasPaid = current !== null && current.paidAt !== null;
  const paid = report.paidKopecks ?? (rank === 2 || rank === 3 ? (report.costKopecks ?? 0) : (current?.paidKopecks ?? 0));
  let status: DealStatus;
  switch (rank) {
    case 1:
      status = 'open';
      break;
    case 2:
      status = 'part_paid';
      break;
    case 3:
      status = 'paid';
      break;
    case 4:
      status = 'refund_waiting';
      break;
    default:
      status = wasPaid ? 'refunded' : 'cancelled';
  }
  const next: DealState = {
    status,
    gcStatus: report.gcStatus,
    rank,
    costKopecks: report.costKopecks ?? current?.costKopecks ?? null,
    paidKopecks: paid,
    paidAt: current?.paidAt ?? (rank === 2 || rank === 3 ? report.at : null),
    changedAt: report.at,
  };
  if (current === null) return next;
  const moneyAfterCancel = current.status === 'cancelled' && (rank === 2 || rank === 3);
  if (rank < current.rank && !moneyAfterCancel) return null;
  if (rank === current.rank) {
    // The same stage again: only more money (a further part payment) or a cost said for the first time moves it.
    const morePaid = next.paidKopecks > current.paidKopecks;
    const newCost = next.costKopecks !== current.costKopecks && report.costKopecks !== null;
    if (!morePaid && !newCost) return null;
    return {
      ...next,
      status: current.status,
      gcStatus: current.gcStatus === report.gcStatus ? current.gcStatus : report.gcStatus,
      paidKopecks: Math.max(next.paidKopecks, current.paidKopecks),
    };
  }
  return next;
}

/**
 * Whether a deal with money kept is paid only in part: less paid than its cost (8 490 of 101 880 ₽),
 * whatever GetCourse's status says («payed» after a first instalment included). With no cost known,
 * GetCourse's «part_payed» decides. The funnel counts such a deal apart from the paid ones (its money
 * still counts as revenue); server/repositories/deals.ts has the same rule in SQL (`partPaidDeal`).
 */
export function isPartialPayment(deal: { status: DealStatus; costKopecks: number | null; paidKopecks: number }): boolean {
  if (!paidDealStatuses.includes(deal.status)) return false;
  return deal.costKopecks === null ? deal.status === 'part_paid' : deal.paidKopecks < deal.costKopecks;
}
