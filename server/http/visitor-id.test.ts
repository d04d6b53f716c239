import { beforeEach, expect, it } from 'vitest';
import { signedVisitorIdShape, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { issueVisitorId, verifyVisitorId } from '../experiments/visitor-id';
import { describeEachDatabase } from '../testing/databases';
import { handleVisitorId } from './visitor-id';

const hashKey = 'k'.repeat(32);
const perMinute = 5;

describeEachDatabase('POST /api/visitor-id', (database) => {
  beforeEach(() => database().clear());
  const runtime = async () =>
    ({ config: { siteOrigin: 'https://school.example', limits: { perAddressPerMinute: perMinute } }, repos: database().repos, hashKey }) as never;
  const ask = (headers: Record<string, string> = {}) =>
    handleVisitorId(
      new Request('https://school.example/api/visitor-id', {
        method: 'POST',
        headers: { origin: 'https://school.example', 'x-site-client-address': '203.0.113.7', ...headers },
      }),
      runtime,
    );

  it('answers a new id signed with the address-hash key, never cached, with no cookie', async () => {
    const answer = await ask();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('set-cookie')).toBeNull();
    const { visitorId } = (await answer.json()) as { visitorId: string };
    expect(visitorId).toMatch(signedVisitorIdShape);
    expect(verifyVisitorId(visitorId, hashKey)).toBe(true);
    const again = (await (await ask()).json()) as { visitorId: string };
    expect(again.visitorId).not.toBe(visitorId);
  });

  it("answers the cookie's id while it verifies, and a new one for an id made up, unsigned or signed with another key", async () => {
    const kept = issueVisitorId(hashKey);
    const answered = async (cookie: string) => ((await (await ask({ cookie: `a=1; ${VISITOR_COOKIE}=${cookie}` })).json()) as { visitorId: string }).visitorId;
    expect(await answered(kept)).toBe(kept);
    for (const refused of [issueVisitorId('another-key-'.repeat(3)), `${kept.slice(0, -1)}${kept.endsWith('A') ? 'B' : 'A'}`, 'visitor-0123456789abcdef']) {
      const fresh = await answered(refused);
      expect(fresh).not.toBe(refused);
      expect(verifyVisitorId(fresh, hashKey)).toBe(true);
    }
  });

  it('refuses another site (403) and more than the per-minute limit from one client (429), in JSON', async () => {
    const foreign = await ask({ origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ code: 'foreign_origin', message: 'Запрос с другого сайта отклонён' });
    const statuses: number[] = [];
    for (let i = 0; i < perMinute + 1; i++) statuses.push((await ask({ 'x-site-client-address': '198.51.100.3' })).status);
    expect(statuses).toEqual([...Array<number>(perMinute).fill(200), 429]);
    expect((await ask({ 'x-site-client-address': '198.51.100.4' })).status).toBe(200);
  });
});
