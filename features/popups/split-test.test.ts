import { describe, expect, it } from 'vitest';
import type { PublicPopup } from '@/lib/popups/managed';
import { signedVisitorId, variantFor, visitorCookie } from './split-test';
import { visitorIdOf } from '@/lib/experiments/variants';

const popup = {
  id: 'popup-middle-discount',
  includePaths: ['/'],
  excludePaths: [],
  showDelayMs: 0,
  formConfig: { formId: 'f' },
  content: { kind: 'discount', title: 'A title', text: 'A text', submitLabel: 'A button' },
} as unknown as PublicPopup;
const test = {
  id: 't1',
  variants: [
    { headline: 'A title', text: 'A text', buttonLabel: 'A button' },
    { headline: 'B title', text: 'B text', buttonLabel: 'B button' },
  ],
};
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
/** The shape the server signs: 22 characters of id, a dot, 22 of signature. */
const signed = (i: number) => `${`v${i}`.padEnd(22, 'x')}.${'s'.repeat(22)}`;

describe('split test in the browser', () => {
  it('asks for no visitor id without a running test, nor for a bot', async () => {
    let asked = 0;
    const visitorId = async () => ((asked += 1), signed(0));
    expect(await variantFor(popup, chrome, visitorId)).toEqual({ popup, shown: null });
    expect((await variantFor({ ...popup, test }, 'Googlebot/2.1', visitorId)).shown).toBeNull();
    expect(asked).toBe(0);
  });

  it('shows the assigned variant and reports it; without an id, A and nothing to report', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const { popup: shown, shown: variant } = await variantFor({ ...popup, test }, chrome, async () => signed(i));
      const title = (shown.content as { title: string }).title;
      expect(title).toBe(variant!.variant === 0 ? 'A title' : 'B title');
      seen.add(title);
    }
    expect(seen.size).toBe(2);
    expect(await variantFor({ ...popup, test }, chrome, async () => null)).toEqual({ popup: { ...popup, test }, shown: null });
  });

  it("asks the server each time, keeps its answer in the cookie, and falls back to the cookie's id without an answer", async () => {
    const jar = { cookie: '' };
    const calls: string[] = [];
    const server = (answer: () => Response) =>
      (async (url: string | URL | Request, init?: RequestInit) => (calls.push(`${init?.method} ${String(url)}`), answer())) as typeof fetch;
    const id = signed(7);
    expect(
      await signedVisitorId(
        jar,
        true,
        server(() => Response.json({ visitorId: id })),
      ),
    ).toBe(id);
    expect(calls).toEqual(['POST /api/visitor-id']);
    expect(jar.cookie).toBe(visitorCookie(id, true));
    expect(jar.cookie).toContain('Secure');
    // In a browser, `document.cookie` reads back as `name=value` pairs; the server answers the same id while it verifies.
    const browserJar = { cookie: `a=1; ${jar.cookie.split(';')[0]}` };
    expect(
      await signedVisitorId(
        browserJar,
        true,
        server(() => Response.json({ visitorId: id })),
      ),
    ).toBe(id);
    expect(browserJar.cookie).toBe(`a=1; school_vid=${id}`);
    // An id the server no longer accepts (made by a browser before ids were signed, or under a replaced key) is replaced.
    const old = { cookie: 'school_vid=visitor-0123456789abcdef' };
    expect(visitorIdOf(old.cookie)).toBeNull();
    expect(
      await signedVisitorId(
        old,
        false,
        server(() => Response.json({ visitorId: signed(9) })),
      ),
    ).toBe(signed(9));
    expect(old.cookie).toBe(visitorCookie(signed(9), false));
    // No answer, or a malformed one: the cookie's id if it has one, else none.
    expect(
      await signedVisitorId(
        { cookie: `school_vid=${id}` },
        false,
        server(() => new Response('{}', { status: 503 })),
      ),
    ).toBe(id);
    expect(
      await signedVisitorId(
        { cookie: '' },
        false,
        server(() => new Response('{}', { status: 503 })),
      ),
    ).toBeNull();
    expect(
      await signedVisitorId(
        { cookie: '' },
        false,
        server(() => Response.json({ visitorId: 'made-up' })),
      ),
    ).toBeNull();
    expect(await signedVisitorId({ cookie: `school_vid=${id}` }, false, (async () => Promise.reject(new TypeError('offline'))) as typeof fetch)).toBe(id);
    expect(calls).toHaveLength(6);
  });
});
