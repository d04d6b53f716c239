import { beforeEach, expect, it } from 'vitest';
import { bucketOf } from '@/lib/vitals/histogram';
import { describeEachDatabase } from '../testing/databases';
import { DAILY_CAPS } from '../traffic/caps';
import { handleVitals, MAX_VITALS_BODY_BYTES } from './vitals';
import { phoneOnCoursePage } from '@/tests/support/vitals-report';

const VITALS_REPORTS_PER_MINUTE = 12;

const report = {
  ...phoneOnCoursePage,
  metrics: [
    { name: 'LCP', value: 2100, target: 'main>img' },
    { name: 'CLS', value: 0.05 },
  ],
};

describeEachDatabase('POST /api/vitals', (database) => {
  beforeEach(() => database().clear());
  const now = Date.UTC(2026, 10, 23, 9);
  let address = 0;
  const runtime = async () =>
    ({
      config: { siteOrigin: 'https://school.example', limits: { perAddressPerMinute: VITALS_REPORTS_PER_MINUTE } },
      repos: database().repos,
      hashKey: 'k'.repeat(32),
      now: () => now,
    }) as never;
  const post = (body: string, headers: Record<string, string> = {}) =>
    handleVitals(
      new Request('https://school.example/api/vitals', {
        method: 'POST',
        body,
        headers: { origin: 'https://school.example', 'content-type': 'text/plain;charset=UTF-8', 'x-site-client-address': `203.0.113.${address}`, ...headers },
      }),
      runtime,
    );
  beforeEach(() => {
    address += 1; // a client of its own a test: the rate limit's window outlives clear()
  });
  const refusal = async (answer: Response) => ({
    status: answer.status,
    type: answer.headers.get('content-type'),
    body: (await answer.json()) as { code: string; message: string },
  });

  it('counts a beacon (text/plain, as sendBeacon sends it) and answers 204 without a cookie', async () => {
    const answer = await post(JSON.stringify(report));
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect((await post(JSON.stringify(report), { 'content-type': 'application/json' })).status).toBe(204);
    const rows = await database().repos.vitals.histograms('2026-11-23', '2026-11-23');
    expect(rows).toEqual(
      expect.arrayContaining([
        { pageType: '/products/[course]', device: 'phone', metric: 'LCP', popup: false, bucket: bucketOf('LCP', 2100), count: 2 },
        { pageType: '/products/[course]', device: 'phone', metric: 'CLS', popup: false, bucket: bucketOf('CLS', 0.05), count: 2 },
      ]),
    );
  });

  it.each([
    ['an unknown metric', { ...report, metrics: [{ name: 'FID', value: 12 }] }, 422, 'unknown_metric', 'Неизвестная метрика'],
    ['a negative value', { ...report, metrics: [{ name: 'LCP', value: -5 }] }, 422, 'out_of_bounds', 'Значение метрики вне физически возможных границ'],
    ['an absurd value', { ...report, metrics: [{ name: 'INP', value: 3_600_000 }] }, 422, 'out_of_bounds', 'Значение метрики вне физически возможных границ'],
    ['a full URL for the page type', { ...report, page: '/products/junior-js?utm_source=mail' }, 422, 'unknown_page_type', 'Неизвестный тип страницы'],
    ['a malformed report', { ...report, device: 'fridge' }, 400, 'bad_vitals_report', 'Некорректный отчёт о скорости страницы'],
  ])('refuses %s in JSON, counting nothing', async (_, body, status, code, message) => {
    const answer = await refusal(await post(JSON.stringify(body)));
    expect(answer).toEqual({ status, type: expect.stringContaining('application/json'), body: { code, message } });
    expect(await database().repos.vitals.histograms('2026-11-23', '2026-11-23')).toEqual([]);
  });

  it('refuses an oversized body, declared or not, another site, a form post and broken JSON', async () => {
    const big = JSON.stringify({ ...report, padding: 'x'.repeat(MAX_VITALS_BODY_BYTES) });
    expect((await refusal(await post(big))).status).toBe(413);
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await handleVitals(
      new Request('https://school.example/api/vitals', {
        method: 'POST',
        body: chunked,
        duplex: 'half',
        headers: { 'content-type': 'text/plain' },
      } as RequestInit),
      runtime,
    );
    expect(streamed.status).toBe(413);
    expect((await refusal(await post(JSON.stringify(report), { origin: 'https://evil.example' }))).status).toBe(403);
    expect((await refusal(await post('page=/', { 'content-type': 'application/x-www-form-urlencoded' }))).status).toBe(415);
    expect((await refusal(await post('{'))).status).toBe(400);
    expect(await database().repos.vitals.histograms('2026-11-23', '2026-11-23')).toEqual([]);
  });

  it('refuses a flood: past RATE_LIMIT_PER_MINUTE reports a minute from one client, 429 with Retry-After', async () => {
    const body = JSON.stringify({ ...report, metrics: [{ name: 'TTFB', value: 300 }] });
    for (let i = 0; i < VITALS_REPORTS_PER_MINUTE; i += 1) expect((await post(body)).status).toBe(204);
    const flooded = await post(body);
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refusal(flooded)).body).toEqual({ code: 'rate_limited', message: 'Слишком много запросов. Попробуйте через минуту' });
    // Another client is not held back.
    expect((await post(body, { 'x-site-client-address': '198.51.100.1' })).status).toBe(204);
    // Taken reports count within the address's daily cap of the page type.
    const [row] = (await database().repos.vitals.histograms('2026-11-23', '2026-11-23')).filter((r) => r.metric === 'TTFB');
    expect(row!.count).toBe(DAILY_CAPS.vitalsReport + 1);
  });

  it("counts a few reports a page type a day from one client address; the rest are answered 204 and go into the page type's uncounted total", async () => {
    const body = (page: string, value: number) => JSON.stringify({ ...report, page, metrics: [{ name: 'LCP', value, target: 'div.made-up' }] });
    // A flood of absurd (but possible) figures from one address: only the cap's worth counts.
    for (let i = 0; i < 11; i += 1) expect((await post(body('/', 118_000))).status).toBe(204);
    // Another page type has a cap of its own.
    expect((await post(body('/about', 2000))).status).toBe(204);
    const count = async (page: string, day = '2026-11-23') =>
      (await database().repos.vitals.histograms(day, day))
        .filter((row) => row.pageType === page && row.metric === 'LCP')
        .reduce((sum, row) => sum + row.count, 0);
    expect(await count('/')).toBe(DAILY_CAPS.vitalsReport);
    expect(await count('/about')).toBe(1);
    expect(await database().repos.vitals.topTargets('2026-11-23', '2026-11-23', '/', 'LCP')).toEqual([
      expect.objectContaining({ target: 'div.made-up', count: DAILY_CAPS.vitalsReport }),
    ]);
    expect(await database().repos.traffic.totals('vitals', '2026-11-23', '2026-11-23')).toEqual([
      { day: '2026-11-23', subject: '/', counted: DAILY_CAPS.vitalsReport, uncounted: 11 - DAILY_CAPS.vitalsReport },
      { day: '2026-11-23', subject: '/about', counted: 1, uncounted: 0 },
    ]);
  });
});
