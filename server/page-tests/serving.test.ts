import { describe, expect, it } from 'vitest';
import { assignVariant, VISITOR_COOKIE } from '@/lib/experiments/variants';
import { issueVisitorId } from '../experiments/visitor-id';
import { renderPath, visitOf, visitorCookie, visitorOfHandled, VISITOR_HEADER } from './serving';

const hashKey = 'k'.repeat(32);
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const test = { id: 'b7c2a0e4-0000-4000-8000-000000000001', variants: [{}, {}] };
const request = (values: Record<string, string>) => new Headers({ 'user-agent': chrome, ...values });

describe('page tests: serving a visitor', () => {
  it('assigns a first visit at once under a new signed id, and the same variant on every later visit', () => {
    const first = visitOf(request({}), test, hashKey);
    expect(first).toMatchObject({ takesPart: true, issued: true });
    if (!first.takesPart) return;
    expect(first.variant).toBe(assignVariant(first.visitor, test.id, 2));
    for (let i = 0; i < 3; i++)
      expect(visitOf(request({ cookie: `a=1; ${VISITOR_COOKIE}=${first.visitor}` }), test, hashKey)).toEqual({ ...first, issued: false });
  });

  it('splits visitors evenly: the assignment is a hash of test id and visitor id, another test splits them anew', () => {
    const counts = [0, 0];
    let moved = 0;
    for (let i = 0; i < 4000; i++) {
      const visitor = issueVisitorId(hashKey);
      const variant = assignVariant(visitor, test.id, 2);
      counts[variant]! += 1;
      if (assignVariant(visitor, 'another-test', 2) !== variant) moved++;
    }
    expect(Math.abs(counts[0]! - 2000)).toBeLessThan(150);
    expect(moved / 4000).toBeGreaterThan(0.4);
    expect(moved / 4000).toBeLessThan(0.6);
  });

  it('replaces an id it did not sign (made up, altered, signed with another key) with a new one', () => {
    const signed = issueVisitorId(hashKey);
    for (const forged of [`${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`, issueVisitorId('other-key-'.repeat(4)), 'made-up']) {
      const visit = visitOf(request({ cookie: `${VISITOR_COOKIE}=${forged}` }), test, hashKey);
      expect(visit).toMatchObject({ takesPart: true, issued: true });
      if (visit.takesPart) expect(visit.visitor).not.toBe(forged);
      expect(visitorOfHandled(request({ cookie: `${VISITOR_COOKIE}=${forged}` }), hashKey)).toBeNull();
      expect(visitorOfHandled(request({ [VISITOR_HEADER]: forged }), hashKey)).toBeNull();
    }
    expect(visitorOfHandled(request({ [VISITOR_HEADER]: signed }), hashKey)).toBe(signed);
  });

  it('gives robots and visitors refusing tracking no id and no variant', () => {
    expect(visitOf(new Headers({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }), test, hashKey)).toEqual({ takesPart: false });
    expect(visitOf(request({ dnt: '1' }), test, hashKey)).toEqual({ takesPart: false });
    expect(visitOf(request({ 'sec-gpc': '1' }), test, hashKey)).toEqual({ takesPart: false });
  });

  it('writes the cookie as the pop-up host does, and the internal render address by test version', () => {
    expect(visitorCookie('abc.def', true)).toBe('school_vid=abc.def; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(renderPath({ id: 't1', version: 3 }, 1, '/products/junior-js')).toBe('/page-test-render/t1/3/1/products/junior-js');
  });
});
