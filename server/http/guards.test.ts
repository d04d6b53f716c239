import { describe, expect, it } from 'vitest';
import { isForeignOrigin } from './guards';
import { isJsonContentType } from './read-json';

const direct = { trustedProxies: 0, siteOrigin: null };

describe('origin check', () => {
  it('lets our own host and requests without Origin through', () => {
    expect(isForeignOrigin(new Headers({ host: 'school.test:3000', origin: 'http://school.test:3000' }), direct)).toBe(false);
    expect(isForeignOrigin(new Headers({ host: 'school.test' }), direct)).toBe(false);
    expect(isForeignOrigin(new Headers({ host: 'x', origin: 'https://site.example' }), { ...direct, siteOrigin: 'https://site.example' })).toBe(false);
  });

  it('refuses other sites, opaque origins and a forwarded host unless the proxy is trusted', () => {
    expect(isForeignOrigin(new Headers({ host: 'school.test', origin: 'https://evil.example' }), direct)).toBe(true);
    expect(isForeignOrigin(new Headers({ host: 'school.test', origin: 'null' }), direct)).toBe(true);
    const proxied = new Headers({ host: '10.0.0.5:3000', 'x-forwarded-host': 'school.example', origin: 'https://school.example' });
    expect(isForeignOrigin(proxied, direct)).toBe(true);
    expect(isForeignOrigin(proxied, { ...direct, trustedProxies: 1 })).toBe(false);
  });
});

describe('JSON content type', () => {
  it('accepts application/json with parameters only', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/jsonx')).toBe(false);
    expect(isJsonContentType('text/plain')).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });
});
