import { beforeEach, expect, it } from 'vitest';
import { coursePageAt, getCourse } from '@/content/courses';
import { noChanges } from '@/lib/page-tests/variants';
import { courseCeilingKopecks, schoolCeilingKopecks } from '../rules/payment-plausibility';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import type { Logger, LogFields } from '../log';
import { pageTestResults } from '../experiments/report';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { handleDealStatus } from './deal-status';
import { pageTests } from '../experiments/subjects/page';

const secret = 's'.repeat(40);

describeEachDatabase('GET|POST /api/getcourse/deal-status', (database) => {
  const start = Date.UTC(2026, 10, 24, 9);
  let numbers: string[] = [];
  let leadIds: number[] = [];
  let lines: { event: string; fields?: LogFields }[] = [];
  const log: Logger = {
    info: (event, fields) => lines.push({ event, fields }),
    warn: (event, fields) => lines.push({ event, fields }),
    error: (event, fields) => lines.push({ event, fields }),
  };

  beforeEach(async () => {
    await database().clear();
    const { repos } = database();
    numbers = [];
    leadIds = [];
    lines = [];
    for (let i = 0; i < 2; i += 1) {
      const { leadId } = await repos.leads.accept(sampleLead({ createdAt: start + i, utm: { campaign: 'winter' } }), { kind: 'deal', payload: {} });
      leadIds.push(leadId);
      numbers.push((await repos.deliveryQueue.forLead(leadId))[0]!.dealNumber!);
    }
  });

  function call(query: Record<string, string>, options: { method?: string; secretOf?: string | null } = {}) {
    const url = new URL('http://127.0.0.1/api/getcourse/deal-status');
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const { repos } = database();
    return handleDealStatus(new Request(url, { method: options.method ?? 'GET', headers: { [CLIENT_ADDRESS_HEADER]: '203.0.113.9' } }), async () => ({
      repos,
      hashKey: 'k'.repeat(32),
      callbackSecret: options.secretOf === undefined ? secret : options.secretOf,
      log,
      now: () => start + 60_000,
    }));
  }

  async function dealOf(leadId: number) {
    return (await database().repos.deals.forLead(leadId))?.deal ?? null;
  }

  it('marks the right lead paid with its amount (POST with the data in the query, as GetCourse sends it)', async () => {
    const response = await call({ number: numbers[1]!, status: 'payed', cost: '12 990 руб.', paid: '12 990 руб.', secret }, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, result: 'changed' });
    expect(await dealOf(leadIds[1]!)).toMatchObject({ status: 'paid', paidKopecks: 1_299_000, costKopecks: 1_299_000, paidAt: start + 60_000 });
    expect(await dealOf(leadIds[0]!)).toBeNull();
  });

  it('changes nothing on the same callback twice, keeps the payment against a late «new», records a refund', async () => {
    const paid = { number: numbers[0]!, status: 'Оплачен', cost: '5000', paid: '5 000 ₽', secret };
    expect(await (await call(paid)).json()).toEqual({ ok: true, result: 'changed' });
    expect(await (await call(paid)).json()).toEqual({ ok: true, result: 'unchanged' });
    expect(await (await call({ ...paid, status: 'new', paid: '0' })).json()).toEqual({ ok: true, result: 'unchanged' });
    expect(await dealOf(leadIds[0]!)).toMatchObject({ status: 'paid', paidKopecks: 500_000 });
    expect(await (await call({ ...paid, status: 'cancelled', paid: '0' })).json()).toEqual({ ok: true, result: 'changed' });
    const history = await database().repos.deals.forLead(leadIds[0]!);
    expect(history?.deal.status).toBe('refunded');
    expect(history?.changes.map((change) => change.status)).toEqual(['paid', 'refunded']);
  });

  it('answers 403 to a wrong or missing secret, or when none is set, and changes nothing', async () => {
    const query = { number: numbers[0]!, status: 'payed', paid: '5000' };
    for (const [given, configured] of [
      ['wrong'.repeat(8), secret],
      [undefined, secret],
      [secret, null],
    ] as const) {
      const response = await call(given === undefined ? query : { ...query, secret: given }, { secretOf: configured });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: configured ? 'forbidden' : 'not_configured', message: 'Доступ запрещён' });
    }
    expect(await dealOf(leadIds[0]!)).toBeNull();
    expect(await database().repos.dealUnmatchedCallbacks.count()).toBe(0);
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('keeps an unknown number apart as unmatched', async () => {
    const response = await call({ number: '555555000000042', status: 'payed', paid: '100', secret });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, result: 'unmatched' });
    expect(await database().repos.dealUnmatchedCallbacks.count()).toBe(1);
  });

  it('refuses a payment above the deal cost (beyond a rouble of rounding) as implausible: 400, logged without the values, kept apart, nothing changes', async () => {
    for (const paid of ['99999', '12 991,01 руб.', '13 990']) {
      const response = await call({ number: numbers[0]!, status: 'payed', cost: '12 990 руб.', paid, secret }, { method: 'POST' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'implausible_paid', message: 'Оплачено больше стоимости сделки', path: 'paid' });
    }
    expect(await dealOf(leadIds[0]!)).toBeNull();
    const refused = lines.filter((line) => line.event === 'getcourse.callback_refused');
    expect(refused).toHaveLength(3);
    expect(refused[0]!.fields).toEqual({
      code: 'implausible_paid',
      field: 'paid',
      dealNumber: numbers[0],
      message: 'Суммы не могут быть верными для этой сделки: оплата не учтена и сохранена отдельно',
    });
    expect(JSON.stringify(lines)).not.toMatch(/99999|12 99|13 990|12991/);
    expect(await database().repos.dealRefusedPayments.list(10)).toEqual([
      expect.objectContaining({ dealNumber: numbers[0], reason: 'paid_above_cost', limitKopecks: 1_299_000, paidKopecks: 1_399_000, calls: 3 }),
    ]);

    // Within a rouble of the cost is rounding, and a part payment is below it: both are taken.
    expect((await call({ number: numbers[0]!, status: 'payed', cost: '12 990 руб.', paid: '12 991 руб.', secret })).status).toBe(200);
    expect((await call({ number: numbers[1]!, status: 'part_payed', cost: '12 990', paid: '5 000', secret })).status).toBe(200);
    expect(await dealOf(leadIds[0]!)).toMatchObject({ status: 'paid', paidKopecks: 1_299_100 });
  });

  it("refuses a payment far above any tariff with no cost said: kept with its reason, counted neither in «Кампании» nor in a page test's revenue", async () => {
    const { repos } = database();
    // A page test of the junior course; a B visitor's lead from the course's own form counted for B.
    const draft = await pageTests(repos).create({
      pagePath: '/products/junior-js',
      variants: [{ ...noChanges, headline: 'B' }],
      plannedVisitors: 1000,
      actor: 'anna@school.ru',
      now: start,
    });
    const started = await pageTests(repos).start(draft.id, { actor: 'anna@school.ru', now: start });
    if (!started.started) throw new Error('the page test did not start');
    const form = coursePageAt('/products/junior-js')!.form;
    const { leadId } = await repos.leads.accept(
      sampleLead({ createdAt: start + 5, formId: form.formId, pagePath: '/products/junior-js', utm: { campaign: 'winter' } }),
      { kind: 'deal', payload: {} },
    );
    const testNumber = (await repos.deliveryQueue.forLead(leadId))[0]!.dealNumber!;
    await pageTests(repos).recordVisitor({ testId: draft.id, visitor: 'visitor-b', variant: 1, now: start + 5 });
    expect(await repos.experiments.recordConversion({ testId: draft.id, visitor: 'visitor-b', variant: 1, leadId, now: start + 5, network: null })).toBe(true);

    // GetCourse (a mistyped process, or a leaked secret) says both deals are paid 100 000 000 000 ₽, with no cost.
    for (const number of [numbers[0]!, testNumber]) {
      for (const method of ['GET', 'POST']) {
        const response = await call({ number, status: 'payed', paid: '100000000000', secret }, { method });
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ code: 'paid_above_tariffs', message: 'Оплачено больше, чем стоит самый дорогой тариф', path: 'paid' });
      }
    }
    expect(await dealOf(leadIds[0]!)).toBeNull();
    expect(await dealOf(leadId)).toBeNull();
    const range = { from: start - 1, to: start + 86_400_000 };
    const winter = (await repos.deals.funnel('campaign', range)).find((row) => row.key === 'winter');
    expect(winter).toMatchObject({ leads: 3, paidDeals: 0, revenueKopecks: 0 });
    const results = await pageTestResults(repos, (await pageTests(repos).get(draft.id))!);
    expect(results.revenue.map((variant) => [variant.payments, variant.sum])).toEqual([
      [0, 0],
      [0, 0],
    ]);

    // Both kept apart with the reason and what the amount was held against: the junior course's dearest
    // tariff for its own form, the school's dearest course for the contact form.
    const refused = await repos.dealRefusedPayments.list(10);
    expect(refused).toHaveLength(2);
    expect(refused.find((row) => row.dealNumber === testNumber)).toMatchObject({
      leadId,
      reason: 'paid_above_tariffs',
      limitKopecks: courseCeilingKopecks(getCourse('junior-js')!),
      course: 'junior-js',
      gcStatus: 'payed',
      costKopecks: null,
      paidKopecks: 10_000_000_000_000,
      source: 'callback',
      calls: 2,
    });
    expect(refused.find((row) => row.dealNumber === numbers[0])).toMatchObject({ leadId: leadIds[0], limitKopecks: schoolCeilingKopecks(), course: null });
    expect(await repos.dealRefusedPayments.count()).toBe(2);

    // The real payment later: taken, and counted in both.
    expect(await (await call({ number: testNumber, status: 'payed', cost: '12 990', paid: '12 990', secret })).json()).toEqual({ ok: true, result: 'changed' });
    expect((await repos.deals.funnel('campaign', range)).find((row) => row.key === 'winter')).toMatchObject({ paidDeals: 1, revenueKopecks: 1_299_000 });
    expect((await pageTestResults(repos, (await pageTests(repos).get(draft.id))!)).revenue.map((variant) => [variant.payments, variant.sum])).toEqual([
      [0, 0],
      [1, 1_299_000],
    ]);
  });

  it('refuses malformed fields with 400 and a code, logs in Russian without the values, changes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ status: 'payed' }, 'bad_number'],
      [{ number: 'DROP TABLE', status: 'payed' }, 'bad_number'],
      [{ number: numbers[0]!, status: 'оплачено наверное' }, 'bad_status'],
      [{ number: numbers[0]!, status: 'payed', paid: 'много денег' }, 'bad_paid'],
      [{ number: numbers[0]!, status: 'payed', cost: 'x' }, 'bad_cost'],
    ];
    for (const [query, code] of cases) {
      const response = await call({ ...query, secret });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toMatchObject({ code });
    }
    expect(await dealOf(leadIds[0]!)).toBeNull();
    const refused = lines.filter((line) => line.event === 'getcourse.callback_refused');
    expect(refused).toHaveLength(5);
    expect(refused.every((line) => /[а-я]/i.test(String(line.fields?.message)))).toBe(true);
    expect(JSON.stringify(refused)).not.toMatch(/DROP TABLE|много денег|наверное/);
  });
});
