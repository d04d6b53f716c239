import { describe, expect, it } from 'vitest';
import { emailBucket, hashClientAddress, hashClientNetwork, networkPrefix, normalizeAddress, subscriberPrefix, trustedClientAddress } from './client-address';

describe('the client address we can vouch for', () => {
  it('is the socket peer when no proxy is trusted, whatever the client forwarded', () => {
    expect(trustedClientAddress('::ffff:203.0.113.7', undefined, 0)).toBe('203.0.113.7');
    expect(trustedClientAddress('203.0.113.7', 'forged, 198.51.100.4', 0)).toBe('203.0.113.7');
  });

  it('is the entry the nearest trusted proxy appended, never one the client wrote before it', () => {
    // nginx ($proxy_add_x_forwarded_for): "<what the client sent>, <the address nginx saw>"; peer = nginx
    expect(trustedClientAddress('127.0.0.1', '6.6.6.6, 198.51.100.4', 1)).toBe('198.51.100.4');
    expect(trustedClientAddress('127.0.0.1', ['6.6.6.6', '198.51.100.4'], 1)).toBe('198.51.100.4');
    // two hops: a CDN, then nginx
    expect(trustedClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.4, 10.0.0.1', 2)).toBe('198.51.100.4');
    // a request that skipped the proxy has fewer entries: the first one stands, as near as we can see
    expect(trustedClientAddress('198.51.100.9', undefined, 1)).toBe('198.51.100.9');
  });

  it('is nothing without a peer', () => {
    expect(trustedClientAddress(undefined, '198.51.100.4', 0)).toBeNull();
  });

  it('has one spelling per address', () => {
    expect(normalizeAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(normalizeAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeAddress('Not-An-Address')).toBe('not-an-address');
  });
});

describe('rate-limit subjects', () => {
  it('counts an IPv6 client by its /64 and an IPv4 client by its address', () => {
    expect(subscriberPrefix('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(subscriberPrefix('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(subscriberPrefix('203.0.113.7')).toBe('203.0.113.7');
    const key = 'k'.repeat(32);
    expect(hashClientAddress('2001:db8:1:2::1', key)).toBe(hashClientAddress('2001:db8:1:2:9::9', key));
    expect(hashClientAddress('2001:db8:1:3::1', key)).not.toBe(hashClientAddress('2001:db8:1:2::1', key));
  });

  it('counts a network as an IPv4 /24 or an IPv6 /48, by a keyed hash', () => {
    expect(networkPrefix('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkPrefix('203.0.113.255')).toBe('203.0.113.0/24');
    expect(networkPrefix('203.0.114.7')).toBe('203.0.114.0/24');
    expect(networkPrefix('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1::/48');
    expect(networkPrefix('2001:db8:1:ffff::1')).toBe('2001:db8:1::/48');
    expect(networkPrefix('2001:db8:2::1')).toBe('2001:db8:2::/48');
    expect(networkPrefix('not-an-address')).toBe('not-an-address');
  });

  it('counts a network as a keyed hash of its own: every address of a /24, every /64 of a /48', () => {
    const key = 'k'.repeat(32);
    expect(hashClientNetwork('2001:db8:1:2::1', key)).toBe(hashClientNetwork('2001:db8:1:9999::1', key));
    expect(hashClientNetwork('2001:db8:2:2::1', key)).not.toBe(hashClientNetwork('2001:db8:1:2::1', key));
    expect(hashClientNetwork('203.0.113.7', key)).toBe(hashClientNetwork('203.0.113.8', key));
    expect(hashClientNetwork('203.0.114.7', key)).not.toBe(hashClientNetwork('203.0.113.7', key));
    expect(hashClientNetwork('203.0.113.7', key)).toMatch(/^[0-9a-f]{32}$/);
    expect(hashClientNetwork('203.0.113.7', key)).not.toBe(hashClientAddress('203.0.113.7', key));
  });

  it('keeps a keyed hash, never the address or the e-mail', () => {
    const hash = hashClientAddress('203.0.113.7', 'key-1');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hashClientAddress('203.0.113.7', 'key-1')).toBe(hash);
    expect(hashClientAddress('203.0.113.7', 'key-2')).not.toBe(hash);
    expect(hashClientAddress('203.0.113.8', 'key-1')).not.toBe(hash);
    const bucket = emailBucket(' Anna@Example.com ', 'key-1');
    expect(bucket).toMatch(/^email:[0-9a-f]{32}$/);
    expect(bucket).toBe(emailBucket('anna@example.com', 'key-1'));
    expect(bucket).not.toContain('anna');
  });
});
