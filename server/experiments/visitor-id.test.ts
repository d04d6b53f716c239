import { describe, expect, it } from 'vitest';
import { signedVisitorIdShape, visitorIdOf } from '@/lib/experiments/variants';
import { issueVisitorId, signVisitorId, verifyVisitorId, visitorIdKind } from './visitor-id';

const key = 'k'.repeat(32);
const otherKey = 'o'.repeat(32);

describe('signed visitor ids', () => {
  it('issues random ids of the shape the browser keeps, each verifying under its key', () => {
    const ids = Array.from({ length: 50 }, () => issueVisitorId(key));
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(signedVisitorIdShape);
      expect(verifyVisitorId(id, key)).toBe(true);
      expect(visitorIdOf(`school_vid=${id}`)).toBe(id);
    }
    // The same id signs the same way: an instance sharing the key verifies another's ids.
    const fixed = issueVisitorId(key, (size) => Buffer.alloc(size, 7));
    expect(fixed).toBe(signVisitorId('BwcHBwcHBwcHBwcHBwcHBw', key));
  });

  it('refuses an id signed with another key, and one made up without a signature', () => {
    expect(verifyVisitorId(issueVisitorId(otherKey), key)).toBe(false);
    expect(verifyVisitorId('visitor-0123456789abcd', key)).toBe(false);
    expect(verifyVisitorId('', key)).toBe(false);
  });

  it('refuses any change: another id under the signature, another signature, a changed last character', () => {
    const signed = issueVisitorId(key);
    const [id, signature] = signed.split('.') as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    expect(verifyVisitorId(`${flip(id, 0)}.${signature}`, key)).toBe(false);
    expect(verifyVisitorId(`${id}.${flip(signature, 3)}`, key)).toBe(false);
    // 22 base64url characters hold 132 bits for 128: a last character that decodes the same is still refused.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = signature.slice(0, -1) + alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1];
    expect(Buffer.from(twin, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(verifyVisitorId(`${id}.${twin}`, key)).toBe(false);
    expect(verifyVisitorId(`${id}.${signature}x`, key)).toBe(false);
    expect(verifyVisitorId(`${id}${signature}`, key)).toBe(false);
  });

  it('tells a counted id from an uncounted one, which look alike and both verify; one kind never passes for the other', () => {
    const counted = issueVisitorId(key);
    const uncounted = issueVisitorId(key, undefined, 'uncounted');
    expect(uncounted).toMatch(signedVisitorIdShape);
    expect(visitorIdKind(counted, key)).toBe('counted');
    expect(visitorIdKind(uncounted, key)).toBe('uncounted');
    expect(verifyVisitorId(uncounted, key)).toBe(true);
    // The same id under the other purpose's signature is another id; under another key, none.
    const [id] = uncounted.split('.') as [string];
    expect(signVisitorId(id, key, 'counted')).not.toBe(uncounted);
    expect(visitorIdKind(uncounted, otherKey)).toBeNull();
    expect(visitorIdKind('visitor-0123456789abcd', key)).toBeNull();
  });
});
