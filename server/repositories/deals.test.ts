import { beforeEach, expect, it } from 'vitest';
import { paymentRefusal } from '../rules/payment-plausibility';
import type { DealReport } from '../rules/deal-status';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';

describeEachDatabase('deals reported by GetCourse', (database) => {
  const start = Date.UTC(2026, 10, 20, 9);
  let numbers: string[] = [];
  let leadIds: number[] = [];

  beforeEach(async () => {
    await database().clear();
    const { repos } = database();
    numbers = [];
    leadIds = [];
    // Four leads: two of campaign «winter», one of «spring», one without a campaign.
    for (const campaign of ['winter', 'winter', 'spring', undefined]) {
      const { leadId } = await repos.leads.accept(sampleLead({ createdAt: start + leadIds.length * 60_000, utm: { source: 'vk', campaign } }), {
        kind: 'deal',
        payload: {},
      });
      leadIds.push(leadId);
      numbers.push((await repos.deliveryQueue.forLead(leadId))[0]!.dealNumber!);
    }
  });

  const report = (dealNumber: string, gcStatus: DealReport['gcStatus'], paid: number | null, at: number): DealReport => ({
    dealNumber,
    gcStatus,
    costKopecks: 1_299_000,
    paidKopecks: paid,
    at,
    source: 'callback',
  });

  it('marks the right lead paid, and the same callback twice changes nothing', async () => {
    const { repos } = database();
    expect(await repos.deals.apply(report(numbers[1]!, 'payed', 1_299_000, start + 1000), paymentRefusal)).toEqual({
      result: 'changed',
      leadId: leadIds[1],
      status: 'paid',
    });
    expect(await repos.deals.apply(report(numbers[1]!, 'payed', 1_299_000, start + 2000), paymentRefusal)).toEqual({ result: 'unchanged', leadId: leadIds[1] });
    const found = await repos.deals.forLead(leadIds[1]!);
    expect(found?.deal).toMatchObject({ dealNumber: numbers[1], status: 'paid', paidKopecks: 1_299_000, paidAt: start + 1000 });
    expect(found?.changes).toHaveLength(1);
    expect(await repos.deals.forLead(leadIds[0]!)).toBeNull();
  });

  it('keeps the payment when callbacks come out of order, and records a refund', async () => {
    const { repos } = database();
    const number = numbers[0]!;
    await repos.deals.apply(report(number, 'payed', 1_299_000, start + 3000), paymentRefusal);
    expect((await repos.deals.apply(report(number, 'new', 0, start + 4000), paymentRefusal)).result).toBe('unchanged');
    expect((await repos.deals.apply(report(number, 'payment_waiting', 0, start + 4500), paymentRefusal)).result).toBe('unchanged');
    expect((await repos.deals.forLead(leadIds[0]!))?.deal.status).toBe('paid');
    expect(await repos.deals.apply(report(number, 'cancelled', 0, start + 5000), paymentRefusal)).toMatchObject({ result: 'changed', status: 'refunded' });
    // A late «payed» after the refund does not bring the money back.
    expect((await repos.deals.apply(report(number, 'payed', 1_299_000, start + 6000), paymentRefusal)).result).toBe('unchanged');
    const found = await repos.deals.forLead(leadIds[0]!);
    expect(found?.deal).toMatchObject({ status: 'refunded', paidKopecks: 0, paidAt: start + 3000 });
    expect(found?.changes.map((change) => [change.status, change.at])).toEqual([
      ['paid', start + 3000],
      ['refunded', start + 5000],
    ]);
    // «Кампании» counts the refund apart, its money out of the revenue.
    expect(await repos.deals.funnel('campaign', { from: start - 1000, to: start + 3_600_000 })).toContainEqual({
      key: 'winter',
      leads: 2,
      paidDeals: 0,
      partPaidDeals: 0,
      refundedDeals: 1,
      revenueKopecks: 0,
    });
  });

  it('keeps numbers the site never sent apart, counted once each', async () => {
    const { repos } = database();
    expect(await repos.deals.apply(report('999999000000777', 'payed', 500_000, start), paymentRefusal)).toEqual({ result: 'unmatched' });
    expect(await repos.deals.apply(report('999999000000777', 'payed', 500_000, start + 1), paymentRefusal)).toEqual({ result: 'unmatched' });
    expect(await repos.deals.apply(report('42', 'payed', 500_000, start), paymentRefusal)).toEqual({ result: 'unmatched' });
    expect(await repos.dealUnmatchedCallbacks.count()).toBe(2);
    expect(await repos.dealUnmatchedCallbacks.list(10)).toEqual([
      { dealNumber: '999999000000777', gcStatus: 'payed', paidKopecks: 500_000, firstAt: start, lastAt: start + 1, calls: 2 },
      { dealNumber: '42', gcStatus: 'payed', paidKopecks: 500_000, firstAt: start, lastAt: start, calls: 1 },
    ]);
    expect(await repos.dealUnmatchedCallbacks.list(1)).toHaveLength(1);
  });

  it('sums the funnel per campaign, leads without a campaign under the empty key, a partial payment apart', async () => {
    const { repos } = database();
    await repos.deals.apply(report(numbers[0]!, 'payed', 1_299_000, start), paymentRefusal);
    await repos.deals.apply(report(numbers[2]!, 'part_payed', 300_000, start), paymentRefusal);
    await repos.deals.apply(report(numbers[3]!, 'cancelled', 0, start), paymentRefusal);
    const range = { from: start - 1000, to: start + 3_600_000 };
    expect(await repos.deals.funnel('campaign', range)).toEqual([
      { key: 'winter', leads: 2, paidDeals: 1, partPaidDeals: 0, refundedDeals: 0, revenueKopecks: 1_299_000 },
      { key: 'spring', leads: 1, paidDeals: 0, partPaidDeals: 1, refundedDeals: 0, revenueKopecks: 300_000 },
      { key: '', leads: 1, paidDeals: 0, partPaidDeals: 0, refundedDeals: 0, revenueKopecks: 0 },
    ]);
    expect(await repos.deals.funnel('source', range)).toEqual([
      { key: 'vk', leads: 4, paidDeals: 1, partPaidDeals: 1, refundedDeals: 0, revenueKopecks: 1_599_000 },
    ]);
    // «payed» with less than the cost paid (a first instalment) is a partial payment too.
    await repos.deals.apply(report(numbers[1]!, 'payed', 849_000, start), paymentRefusal);
    expect(await repos.deals.funnel('campaign', range)).toContainEqual({
      key: 'winter',
      leads: 2,
      paidDeals: 1,
      partPaidDeals: 1,
      refundedDeals: 0,
      revenueKopecks: 2_148_000,
    });
    expect(await repos.deals.funnel('campaign', { from: start + 3_600_000, to: start + 7_200_000 })).toEqual([]);
    const ofLeads = await repos.deals.ofLeads(leadIds);
    expect([...ofLeads.keys()].sort()).toEqual([leadIds[0], leadIds[1], leadIds[2], leadIds[3]].sort());
  });

  it('lets the leads list filter by payment and campaign and show the amount paid', async () => {
    const { repos } = database();
    await repos.deals.apply(report(numbers[0]!, 'payed', 1_000_000, start), paymentRefusal);
    await repos.deals.apply(report(numbers[1]!, 'payed', 700_000, start), paymentRefusal);
    await repos.deals.apply(report(numbers[1]!, 'cancelled', 0, start + 1), paymentRefusal);
    await repos.deals.apply(report(numbers[2]!, 'new', 0, start), paymentRefusal);
    const paid = await repos.leadQueries.list({ payment: 'paid' });
    expect(paid.rows.map((row) => [row.id, row.paidKopecks, row.partPaid])).toEqual([[leadIds[0], 1_000_000, true]]);
    const unpaid = await repos.leadQueries.list({ payment: 'unpaid' });
    expect(unpaid.rows.map((row) => row.id).sort()).toEqual([leadIds[1], leadIds[2], leadIds[3]].sort());
    expect(unpaid.rows.every((row) => row.paidKopecks === null)).toBe(true);
    // 10 000 of a 12 990 deal: paid in part, and found by «частично оплачена».
    expect((await repos.leadQueries.list({ payment: 'part' })).rows.map((row) => row.id)).toEqual([leadIds[0]]);
    expect((await repos.leadQueries.list({ utmCampaign: 'winter', payment: 'paid' })).rows.map((row) => row.id)).toEqual([leadIds[0]]);
  });

  it('keeps the payment per campaign after the lead is erased', async () => {
    const { repos, handle } = database();
    await repos.deals.apply(report(numbers[2]!, 'payed', 1_000_000, start), paymentRefusal);
    const lead = await repos.leads.findLead(leadIds[2]!);
    await repos.personalData.erase(lead!.email, ['bucket']);
    expect(await handle.db.selectFrom('leads').select('id').where('id', '=', leadIds[2]!).executeTakeFirst()).toBeUndefined();
    expect(await repos.deals.funnel('campaign', { from: start - 1000, to: start + 3_600_000 })).toContainEqual({
      key: 'spring',
      leads: 0,
      paidDeals: 0,
      partPaidDeals: 1,
      refundedDeals: 0,
      revenueKopecks: 1_000_000,
    });
  });

  it('remembers the reconciliation between runs', async () => {
    const { repos } = database();
    expect(await repos.dealReconciliation.state()).toEqual({
      since: null,
      exportId: null,
      exportStartedAt: null,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastError: null,
    });
    await repos.dealReconciliation.save({ exportId: '77', exportStartedAt: start });
    await repos.dealReconciliation.save({ lastFailureAt: start + 1, lastError: 'busy' });
    expect(await repos.dealReconciliation.state()).toMatchObject({ exportId: '77', exportStartedAt: start, lastFailureAt: start + 1, lastError: 'busy' });
  });
});
