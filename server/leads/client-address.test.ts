import { describe, expect, it } from 'vitest';
import { clientAddress, hashClientAddress } from './client-address';

const headers = (xff: string) => new Headers({ 'x-forwarded-for': xff });

describe('client address', () => {
  it('takes the address Next.js set, or the one our proxy appended when TRUST_PROXY is on', () => {
    expect(clientAddress(headers('::ffff:203.0.113.7'), false)).toBe('203.0.113.7');
    expect(clientAddress(headers('10.0.0.1, 198.51.100.4'), false)).toBe('10.0.0.1');
    expect(clientAddress(headers('forged, 198.51.100.4'), true)).toBe('198.51.100.4');
    expect(clientAddress(new Headers(), false)).toBeNull();
  });

  it('is kept as a keyed hash that does not reveal the address', () => {
    const hash = hashClientAddress('203.0.113.7', 'key-1');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hashClientAddress('203.0.113.7', 'key-1')).toBe(hash);
    expect(hashClientAddress('203.0.113.7', 'key-2')).not.toBe(hash);
    expect(hashClientAddress('203.0.113.8', 'key-1')).not.toBe(hash);
  });
});
