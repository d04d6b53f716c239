import { describe, expect, it } from 'vitest';
import { checkRequestPath } from './request-path';

describe("a request's path", () => {
  it('leaves a canonical path alone, whatever else is encoded in it or in the query', () => {
    for (const url of ['/', '/about', '/products/junior-js?utm_source=vk&x=%61', '/media/%D0%B0', '/about%2F', '/a%20b', '*', 'http://example.ru/%61']) {
      expect(checkRequestPath(url), url).toEqual({ kind: 'canonical' });
    }
  });

  it('sends a path with an encoded letter, digit or -._~ to its canonical spelling, the query as it came', () => {
    expect(checkRequestPath('/%61bout')).toEqual({ kind: 'redirect', location: '/about' });
    expect(checkRequestPath('/abou%74')).toEqual({ kind: 'redirect', location: '/about' });
    expect(checkRequestPath('/%61dmin/le%61ds?q=%61')).toEqual({ kind: 'redirect', location: '/admin/leads?q=%61' });
    expect(checkRequestPath('/events/new%2Dyear-242%35')).toEqual({ kind: 'redirect', location: '/events/new-year-2425' });
    expect(checkRequestPath('/%7e%5F')).toEqual({ kind: 'redirect', location: '/~_' });
    // Only the unreserved ones: an encoded slash or space stays encoded.
    expect(checkRequestPath('/%61%2F%20')).toEqual({ kind: 'redirect', location: '/a%2F%20' });
  });

  it('resolves the dot segments a decoded %2e makes, and never redirects to another host', () => {
    expect(checkRequestPath('/about/%2e%2e/admin')).toEqual({ kind: 'redirect', location: '/admin' });
    expect(checkRequestPath('/%2e%2e/%2e%2e/about')).toEqual({ kind: 'redirect', location: '/about' });
    expect(checkRequestPath('/%2e')).toEqual({ kind: 'redirect', location: '/' });
    expect(checkRequestPath('/media/%2e%2e')).toEqual({ kind: 'redirect', location: '/' });
    expect(checkRequestPath('//%65vil.example/x')).toEqual({ kind: 'redirect', location: '/evil.example/x' });
    expect(checkRequestPath('/\\%65vil.example')).toEqual({ kind: 'redirect', location: '/evil.example' });
    expect(checkRequestPath('/%2e%2e//%65vil.example')).toEqual({ kind: 'redirect', location: '/evil.example' });
  });

  it('calls a path that does not decode malformed', () => {
    for (const url of ['/%ZZ', '/about%', '/about%2', '/about%FF', '/%D0', '/%C0%AF', '/%61bout%ZZ']) {
      expect(checkRequestPath(url), url).toEqual({ kind: 'malformed' });
    }
    // The query is not the path's business.
    expect(checkRequestPath('/about?x=%ZZ')).toEqual({ kind: 'canonical' });
  });
});
