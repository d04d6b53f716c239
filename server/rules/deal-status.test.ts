import { describe, expect, it } from 'vitest';
import { gcStatusOf, isPartialPayment, mergeDealReport, parseDealCallback, parseMoney, type DealReport } from './deal-status';

const report = (gcStatus: DealReport['gcStatus'], paid: number | null, at: number, cost: number | null = 1299000): DealReport => ({
  dealNumber: '123456000000001',
  gcStatus,
  costKopecks: cost,
  paidKopecks: paid,
  at,
  source: 'callback',
});

describe('deal statuses', () => {
  it('reads codes and Russian labels', () => {
    expect(gcStatusOf('payed')).toBe('payed');
    expect(gcStatusOf(' Оплачен ')).toBe('payed');
    expect(gcStatusOf('Завершён')).toBe('payed');
    expect(gcStatusOf('Частично  оплачен')).toBe('part_payed');
    expect(gcStatusOf('Отменён')).toBe('cancelled');
    expect(gcStatusOf('paid')).toBeNull();
  });

  it('reads amounts as GetCourse writes them', () => {
    expect(parseMoney('12 990 руб.')).toBe(1299000);
    expect(parseMoney('12\u00a0990,50 ₽')).toBe(1299050);
    expect(parseMoney('1,000.00')).toBe(100000);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('{object.payed_money}')).toBeNull();
    expect(parseMoney('двенадцать')).toBeUndefined();
    expect(parseMoney('-5')).toBeUndefined();
  });

  it('refuses malformed callbacks with a code', () => {
    expect(parseDealCallback(new URLSearchParams('number=abc&status=payed'), 1)).toEqual({ problem: { code: 'bad_number', field: 'number' } });
    expect(parseDealCallback(new URLSearchParams('number=12&status=done'), 1)).toEqual({ problem: { code: 'bad_status', field: 'status' } });
    expect(parseDealCallback(new URLSearchParams('number=12&status=payed&paid=lots'), 1)).toEqual({ problem: { code: 'bad_paid', field: 'paid' } });
    expect(parseDealCallback(new URLSearchParams('number=12&status=payed&paid=5 000 руб.'), 1)).toMatchObject({ report: { paidKopecks: 500000 } });
  });

  it('reads any amount of the right form: whether it is plausible for the deal is judged apart (payment-plausibility.ts)', () => {
    const callback = (query: string) => parseDealCallback(new URLSearchParams(`number=12&status=payed&${query}`), 1);
    expect(callback('cost=12 990&paid=12 990')).toMatchObject({ report: { costKopecks: 1299000, paidKopecks: 1299000 } });
    expect(callback('paid=999999')).toMatchObject({ report: { costKopecks: null, paidKopecks: 99999900 } });
  });

  it('never lets an older stage undo a newer one, and records a refund', () => {
    const paid = mergeDealReport(null, report('payed', 1299000, 10))!;
    expect(paid).toMatchObject({ status: 'paid', paidAt: 10, paidKopecks: 1299000 });
    expect(mergeDealReport(paid, report('payed', 1299000, 20))).toBeNull();
    expect(mergeDealReport(paid, report('new', 0, 30))).toBeNull();
    const refunded = mergeDealReport(paid, report('cancelled', 0, 40))!;
    expect(refunded).toMatchObject({ status: 'refunded', paidAt: 10, paidKopecks: 0 });
    expect(mergeDealReport(refunded, report('payed', 1299000, 50))).toBeNull();
  });

  it('counts a further part payment and a payment after a cancellation', () => {
    const part = mergeDealReport(null, report('part_payed', 300000, 10))!;
    expect(mergeDealReport(part, report('part_payed', 600000, 20))).toMatchObject({ status: 'part_paid', paidKopecks: 600000 });
    expect(mergeDealReport(part, report('part_payed', 100000, 20))).toBeNull();
    const cancelled = mergeDealReport(null, report('cancelled', 0, 10))!;
    expect(cancelled.status).toBe('cancelled');
    expect(mergeDealReport(cancelled, report('payed', 1299000, 20))).toMatchObject({ status: 'paid', paidAt: 20 });
  });
});

describe('a partial payment', () => {
  it('is less paid than the cost, whatever the status, or «part_payed» with no cost known', () => {
    expect(isPartialPayment({ status: 'paid', costKopecks: 10_188_000, paidKopecks: 849_000 })).toBe(true);
    expect(isPartialPayment({ status: 'part_paid', costKopecks: 10_188_000, paidKopecks: 849_000 })).toBe(true);
    expect(isPartialPayment({ status: 'paid', costKopecks: 10_188_000, paidKopecks: 10_188_000 })).toBe(false);
    expect(isPartialPayment({ status: 'part_paid', costKopecks: 10_188_000, paidKopecks: 10_188_000 })).toBe(false);
    expect(isPartialPayment({ status: 'paid', costKopecks: null, paidKopecks: 849_000 })).toBe(false);
    expect(isPartialPayment({ status: 'part_paid', costKopecks: null, paidKopecks: 849_000 })).toBe(true);
    expect(isPartialPayment({ status: 'open', costKopecks: 10_188_000, paidKopecks: 0 })).toBe(false);
    expect(isPartialPayment({ status: 'refunded', costKopecks: 10_188_000, paidKopecks: 0 })).toBe(false);
  });
});
