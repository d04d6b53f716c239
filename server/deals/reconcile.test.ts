import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGetCourse, type FakeGetCourse } from '../../tests/support/fake-getcourse';
import type { GetCourseConfig } from '../config';
import { handleDealStatus } from '../http/deal-status';
import type { Logger } from '../log';
import { renderMetrics } from '../ops/metrics';
import { describeEachDatabase, type TestDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { schoolCeilingKopecks } from '../rules/payment-plausibility';
import { parseMoscowDateTime, reconcileDeals, reportsOfExport } from './reconcile';

const secret = 'r'.repeat(40);
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('reading an export', () => {
  it('reads Moscow times and skips rows it cannot use', () => {
    expect(parseMoscowDateTime('2026-11-24 12:30:00')).toBe(Date.UTC(2026, 10, 24, 9, 30));
    expect(parseMoscowDateTime('')).toBeNull();
    const { reports, skipped } = reportsOfExport(
      {
        fields: ['Номер', 'Email', 'Статус', 'Стоимость, RUB', 'Оплачено', 'Дата оплаты'],
        items: [
          ['123', 'a@b.c', 'Завершен', '5 000 руб.', '5 000 руб.', '2026-11-24 12:30:00'],
          ['x', '', 'Завершен', '', '', ''],
          ['124', '', 'Непонятно', '', '', ''],
        ],
      },
      1,
    );
    expect(reports).toEqual([
      { dealNumber: '123', gcStatus: 'payed', costKopecks: 500_000, paidKopecks: 500_000, at: Date.UTC(2026, 10, 24, 9, 30), source: 'reconcile' },
    ]);
    expect(skipped).toBe(2);
  });
});

describeEachDatabase('payments from GetCourse: callbacks through the fake «Вызвать URL» block and the export reconciliation', (database) => {
  let gc: FakeGetCourse;
  let site: http.Server;
  let template: string;
  let getCourse: GetCourseConfig;
  let numbers: string[] = [];
  let leadIds: number[] = [];

  beforeAll(async () => {
    gc = await startFakeGetCourse();
    getCourse = { baseUrl: gc.url, apiKey: 'export-key', timeoutMs: 5000 };
    // The site's callback endpoint on a real port, so the fake GetCourse calls it over HTTP.
    site = http.createServer(async (req, res) => {
      const { repos } = database();
      const response = await handleDealStatus(new Request(`http://127.0.0.1${req.url}`, { method: req.method }), async () => ({
        repos,
        hashKey: 'k'.repeat(32),
        callbackSecret: secret,
        log: quiet,
      }));
      res.writeHead(response.status, { 'content-type': 'application/json' }).end(await response.text());
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const port = (site.address() as AddressInfo).port;
    template = `http://127.0.0.1:${port}/api/getcourse/deal-status?number={object.number}&status={object.status}&cost={object.cost_money_value}&paid={object.payed_money}&secret=${secret}`;
  });
  afterAll(async () => {
    await gc.close();
    await new Promise((resolve) => site.close(resolve));
  });

  beforeEach(async () => {
    gc.reset();
    await database().clear();
    const { repos } = database();
    numbers = [];
    leadIds = [];
    for (let i = 0; i < 3; i += 1) {
      const { leadId } = await repos.leads.accept(sampleLead({ utm: { campaign: 'winter' } }), { kind: 'deal', payload: {} });
      leadIds.push(leadId);
      numbers.push((await repos.deliveryQueue.forLead(leadId))[0]!.dealNumber!);
    }
  });

  const reconcile = (db: TestDatabase, extra: Partial<Parameters<typeof reconcileDeals>[0]> = {}) =>
    reconcileDeals({ repos: db.repos, getCourse, pollMs: 1, sleep: async () => undefined, log: quiet, ...extra });

  it('a paid callback marks the right lead paid; a lost one is found by the reconciliation', async () => {
    const { repos } = database();
    gc.setDealStatus(numbers[0]!, { status: 'payed', cost: 12990, paid: 12990 });
    expect(await gc.callUrl(template, numbers[0]!)).toEqual({ status: 200, body: { ok: true, result: 'changed' } });
    expect((await repos.deals.forLead(leadIds[0]!))?.deal).toMatchObject({ status: 'paid', paidKopecks: 1_299_000 });

    // Lead 1 pays too, but GetCourse's call never reaches the site.
    gc.setDealStatus(numbers[1]!, { status: 'payed', cost: 5000, paid: 5000 });
    expect(await repos.deals.forLead(leadIds[1]!)).toBeNull();

    expect(await reconcile(database())).toEqual({ result: 'done', deals: 2, changed: 1, unchanged: 1, unmatched: 0, refused: 0 });
    const found = await repos.deals.forLead(leadIds[1]!);
    expect(found?.deal).toMatchObject({ status: 'paid', paidKopecks: 500_000 });
    expect(found?.changes.map((change) => change.source)).toEqual(['reconcile']);
    expect(await repos.deals.forLead(leadIds[2]!)).toBeNull();
    const state = await repos.dealReconciliation.state();
    expect(state).toMatchObject({ exportId: null, lastError: null });
    expect(state.lastSuccessAt).not.toBeNull();
    expect(state.since).not.toBeNull();
    // Only the export API was asked, with the key, from a day before the first look-back.
    const asked = gc.received().filter((request) => request.path.startsWith('/pl/api/account/'));
    expect(asked.map((request) => request.path)).toEqual(['/pl/api/account/deals', '/pl/api/account/exports/701']);
    expect(asked[0]!.query.key).toBe('export-key');
    expect(asked[0]!.query['status_changed_at[from]']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('waits out a busy GetCourse and an export that is not ready, and resumes the same export after a stop', async () => {
    const { repos } = database();
    gc.setDealStatus(numbers[2]!, { status: 'payed', cost: 7000, paid: 7000 });
    gc.exportBehaviour({ busy: 2, readyAfterPolls: 4 });
    let slept = 0;
    // The first run gives up after 2 polls (as a crash would stop it), keeping the export id.
    const first = await reconcile(database(), { maxPolls: 2, sleep: async () => void (slept += 1) });
    expect(first).toEqual({ result: 'failed', error: 'not_ready' });
    expect(slept).toBe(3);
    const kept = await repos.dealReconciliation.state();
    expect(kept.exportId).toBe('701');
    expect(kept.lastFailureAt).not.toBeNull();
    expect(await repos.deals.forLead(leadIds[2]!)).toBeNull();

    expect(await reconcile(database())).toMatchObject({ result: 'done', changed: 1 });
    expect((await repos.deals.forLead(leadIds[2]!))?.deal.status).toBe('paid');
    const requested = gc.received().filter((request) => request.path === '/pl/api/account/deals');
    expect(requested).toHaveLength(3); // two busy answers, one export: the second run asked for none
  });

  it('records a failure for the health page and the metrics, and the next run succeeds', async () => {
    const { repos } = database();
    gc.setMode('error500');
    expect(await reconcile(database())).toEqual({ result: 'failed', error: 'http_5xx' });
    expect(await repos.dealReconciliation.state()).toMatchObject({ lastError: 'http_5xx', exportId: null });
    const { body } = await renderMetrics(repos, Date.now());
    expect(body).toMatch(/school_reconcile_last_failure_timestamp_seconds \d{10}/);
    expect(body).toContain('school_reconcile_last_success_timestamp_seconds 0');
    gc.setMode('success');
    expect(await reconcile(database())).toMatchObject({ result: 'done' });
    expect((await repos.dealReconciliation.state()).lastError).toBeNull();
  });

  it('keeps a number the site never sent apart, from a callback and from the export', async () => {
    const { repos } = database();
    gc.setDealStatus('777777000000001', { status: 'payed', cost: 100, paid: 100 });
    expect(await gc.callUrl(template, '777777000000001')).toEqual({ status: 200, body: { ok: true, result: 'unmatched' } });
    expect(await reconcile(database())).toMatchObject({ result: 'done', unmatched: 1 });
    expect(await repos.dealUnmatchedCallbacks.count()).toBe(1);
    expect(await gc.callUrl(template.replace(secret, 'wrong'), numbers[0]!)).toMatchObject({ status: 403 });
  });

  it("refuses the export's figures too when they cannot be right for the deal: kept apart with the reason, never paid", async () => {
    const { repos } = database();
    // A sample lead's contact form may buy any course: the dearest of the school is the limit.
    gc.setDealStatus(numbers[0]!, { status: 'payed', cost: 100_000_000, paid: 100_000_000 });
    expect(await reconcile(database())).toMatchObject({ result: 'done', refused: 1, changed: 0 });
    expect(await repos.deals.forLead(leadIds[0]!)).toBeNull();
    expect(await repos.dealRefusedPayments.list(10)).toEqual([
      expect.objectContaining({
        dealNumber: numbers[0],
        leadId: leadIds[0],
        reason: 'cost_above_tariffs',
        limitKopecks: schoolCeilingKopecks(),
        course: null,
        source: 'reconcile',
        calls: 1,
      }),
    ]);
  });
});
