import { beforeEach, expect, it } from 'vitest';
import { signedVisitorIdShape, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { issueVisitorId, verifyVisitorId, visitorIdKind } from '../experiments/visitor-id';
import { VISITOR_ID_ALLOWANCE } from '../traffic/caps';
import { describeEachDatabase } from '../testing/databases';
import { handleVisitorId } from './visitor-id';

const hashKey = 'k'.repeat(32);
const perMinute = 5;
/** Mid-minute: the per-minute limit's requests never straddle two windows (under load they take a while). */
const now = () => Date.UTC(2026, 10, 23, 9, 0, 5);

describeEachDatabase('POST /api/visitor-id', (database) => {
  beforeEach(() => database().clear());
  const runtime = async () =>
    ({ config: { siteOrigin: 'https://school.example', limits: { perAddressPerMinute: perMinute } }, repos: database().repos, hashKey, now }) as never;
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

  it("gives counted ids up to the day's allowance of an address and of its network (an office behind one address included), then ids that count for nothing", async () => {
    const unlimited = async () =>
      ({ config: { siteOrigin: 'https://school.example', limits: { perAddressPerMinute: 10_000 } }, repos: database().repos, hashKey, now }) as never;
    const kinds = async (address: string, times: number) => {
      const answered: (string | null)[] = [];
      for (let i = 0; i < times; i++) {
        const request = new Request('https://school.example/api/visitor-id', {
          method: 'POST',
          headers: { origin: 'https://school.example', 'x-site-client-address': address },
        });
        const { visitorId } = (await (await handleVisitorId(request, unlimited)).json()) as { visitorId: string };
        expect(visitorId).toMatch(signedVisitorIdShape);
        answered.push(visitorIdKind(visitorId, hashKey));
      }
      return answered;
    };
    const counted = (n: number) => Array<string>(n).fill('counted');
    const uncounted = (n: number) => Array<string>(n).fill('uncounted');
    // An office of thirty behind one address: each of them counts; asking again past that does not.
    expect(await kinds('203.0.113.7', VISITOR_ID_ALLOWANCE.address + 5)).toEqual([...counted(VISITOR_ID_ALLOWANCE.address), ...uncounted(5)]);
    // Another address of the same /24 has its own allowance, within the network's.
    const rest = VISITOR_ID_ALLOWANCE.network - VISITOR_ID_ALLOWANCE.address;
    expect(await kinds('203.0.113.8', rest + 3)).toEqual([...counted(rest), ...uncounted(3)]);
    expect(await kinds('203.0.113.200', 2)).toEqual(uncounted(2));
    // The /64s of one /48 are one network too; another network starts afresh.
    expect(await kinds('2001:db8:7:1::1', VISITOR_ID_ALLOWANCE.address)).toEqual(counted(VISITOR_ID_ALLOWANCE.address));
    expect(await kinds('2001:db8:7:2::1', VISITOR_ID_ALLOWANCE.address + 1)).toEqual([
      ...counted(VISITOR_ID_ALLOWANCE.network - VISITOR_ID_ALLOWANCE.address),
      'uncounted',
    ]);
    expect(await kinds('198.51.100.1', 1)).toEqual(counted(1));
    // An uncounted id, once kept, is answered as it is: the browser keeps its variant.
    const keptUncounted = issueVisitorId(hashKey, undefined, 'uncounted');
    const again = await handleVisitorId(
      new Request('https://school.example/api/visitor-id', {
        method: 'POST',
        headers: { origin: 'https://school.example', 'x-site-client-address': '192.0.2.1', cookie: `${VISITOR_COOKIE}=${keptUncounted}` },
      }),
      unlimited,
    );
    expect(((await again.json()) as { visitorId: string }).visitorId).toBe(keptUncounted);
  });
});
