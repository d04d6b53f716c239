import { describe, expect, it } from 'vitest';
import { isForeignOrigin } from './guards';
import { isJsonContentType } from './read-json';

const direct = { siteOrigin: null };

describe('origin check', () => {
  it('lets our own host and requests without Origin through', () => {
    expect(isForeignOrigin(new Headers({ host: 'school.test:3000', origin: 'http://school.test:3000' }), direct)).toBe(false);
    expect(isForeignOrigin(new Headers({ host: 'school.test' }), direct)).toBe(false);
    expect(isForeignOrigin(new Headers({ host: 'x', origin: 'https://site.example' }), { siteOrigin: 'https://site.example' })).toBe(false);
  });

  it('refuses other sites and opaque origins', () => {
    expect(isForeignOrigin(new Headers({ host: 'school.test', origin: 'https://evil.example' }), direct)).toBe(true);
    expect(isForeignOrigin(new Headers({ host: 'school.test', origin: 'null' }), direct)).toBe(true);
  });

  it('never takes X-Forwarded-Host for our own host: behind a proxy, the Host it sets or SITE_URL', () => {
    const forged = new Headers({ host: 'school.example', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' });
    expect(isForeignOrigin(forged, { siteOrigin: 'https://school.example' })).toBe(true);
    const proxied = new Headers({ host: '10.0.0.5:3000', 'x-forwarded-host': 'school.example', origin: 'https://school.example' });
    expect(isForeignOrigin(proxied, direct)).toBe(true);
    expect(isForeignOrigin(proxied, { siteOrigin: 'https://school.example' })).toBe(false);
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
