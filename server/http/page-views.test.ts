import { beforeEach, expect, it } from 'vitest';
import { moscowToday } from '@/lib/calendar';
import { describeEachDatabase } from '../testing/databases';
import { limitsNoTestReaches, testApiRuntime } from '../testing/runtime';
import { DAILY_CAPS } from '../traffic/caps';
import { handlePageViews } from './page-views';

describeEachDatabase('POST /api/page-views', (database) => {
  beforeEach(() => database().clear());
  const now = Date.UTC(2026, 10, 23, 9);
  const day = moscowToday(new Date(now));
  let address = 0;
  beforeEach(() => {
    address += 1; // a client of its own a test: the rate limit's window outlives clear()
  });
  const perMinute = 5;
  const runtime = async () =>
    testApiRuntime(database().repos, {
      config: { siteOrigin: 'https://school.example', limits: { ...limitsNoTestReaches, perAddressPerMinute: perMinute } },
      now: () => now,
    });
  const post = (body: string, headers: Record<string, string> = {}) =>
    handlePageViews(
      new Request('https://school.example/api/page-views', {
        method: 'POST',
        body,
        headers: { origin: 'https://school.example', 'content-type': 'text/plain;charset=UTF-8', 'x-site-client-address': `203.0.113.${address}`, ...headers },
      }),
      runtime,
    );
  const views = async (path: string) =>
    (await database().repos.traffic.totals('page', day, day, path)).map(({ counted, uncounted }) => ({ counted, uncounted }));

  it('counts a course page’s view (a beacon’s text/plain or JSON), answers 204 without a cookie, and past the daily cap counts it as uncounted', async () => {
    const answer = await post(JSON.stringify({ path: '/products/junior-js' }));
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect((await post(JSON.stringify({ path: '/products/junior-js' }), { 'content-type': 'application/json' })).status).toBe(204);
    for (let i = 2; i < DAILY_CAPS.pageView + 2; i++) expect((await post(JSON.stringify({ path: '/products/junior-js' }))).status).toBe(204);
    expect(await views('/products/junior-js')).toEqual([{ counted: DAILY_CAPS.pageView, uncounted: 2 }]);
  });

  it('refuses in JSON what is no course page’s view: a bad body, a query, an unknown page, a wrong media type; counts none', async () => {
    const refusal = async (answer: Response) => ({ status: answer.status, code: ((await answer.json()) as { code: string }).code });
    expect(await refusal(await post('{'))).toEqual({ status: 400, code: 'bad_json' });
    expect(await refusal(await post('{"page":"/products/git"}'))).toEqual({ status: 400, code: 'bad_page_view' });
    expect(await refusal(await post(JSON.stringify({ path: '/products/junior-js?email=a@b.ru' })))).toEqual({ status: 400, code: 'bad_page_view' });
    expect(await refusal(await post(JSON.stringify({ path: '/media' })))).toEqual({ status: 404, code: 'unknown_course_page' });
    expect((await post(JSON.stringify({ path: '/products/junior-js' }), { 'content-type': 'image/png' })).status).toBe(415);
    expect(await database().repos.traffic.totals('page', day, day)).toEqual([]);
  });

  it('counts nothing from another site’s page, and answers 429 past the per-minute limit', async () => {
    expect((await post(JSON.stringify({ path: '/products/git' }), { origin: 'https://evil.example' })).status).toBe(204);
    expect(await views('/products/git')).toEqual([]);
    const statuses: number[] = [];
    for (let i = 0; i <= perMinute; i++) statuses.push((await post(JSON.stringify({ path: '/products/git' }))).status);
    expect(statuses).toEqual([...Array(perMinute).fill(204), 429]);
  });
});
