import { describe, expect, it } from 'vitest';
import {
  consoleCspDirectives,
  contentSecurityPolicyHeader,
  cspDirectives,
  DEFAULT_TAG_HOSTS,
  isConsolePath,
  newCspNonce,
  readCspSettings,
} from './content-security-policy';

const directive = (env: Record<string, string | undefined>, name: string) =>
  cspDirectives(readCspSettings(env)).find(([directiveName]) => directiveName === name)?.[1] ?? [];

describe('the Content Security Policy', () => {
  it('enforces by default and lets Yandex Metrika load, send hits and frame Webvisor', () => {
    const header = contentSecurityPolicyHeader(readCspSettings({}));
    expect(header.name).toBe('Content-Security-Policy');
    for (const name of ['script-src', 'img-src', 'connect-src', 'frame-src']) {
      expect(directive({}, name), name).toEqual(expect.arrayContaining([...DEFAULT_TAG_HOSTS, 'https://www.googletagmanager.com']));
    }
    expect(header.value).toContain(
      "script-src 'self' 'unsafe-inline' https://www.googletagmanager.com https://mc.yandex.ru https://mc.yandex.com https://yastatic.net;",
    );
    expect(header.value).toMatch(/; report-uri \/api\/csp-report$/);
    expect(header.value).toContain("frame-ancestors 'none'");
    expect(header.value).toContain("object-src 'none'");
  });

  it('reports without blocking in report-only mode; any other mode enforces', () => {
    expect(contentSecurityPolicyHeader(readCspSettings({ CSP_MODE: 'report-only' })).name).toBe('Content-Security-Policy-Report-Only');
    expect(contentSecurityPolicyHeader(readCspSettings({ CSP_MODE: ' Report-Only ' })).name).toBe('Content-Security-Policy-Report-Only');
    for (const mode of ['enforce', 'off', 'report', '']) {
      expect(contentSecurityPolicyHeader(readCspSettings({ CSP_MODE: mode })).name, mode).toBe('Content-Security-Policy');
    }
  });

  it('takes the tag hosts from CSP_TAG_HOSTS (VK and Top.Mail.Ru added to Metrika), empty meaning none', () => {
    const env = { CSP_TAG_HOSTS: 'https://mc.yandex.ru, https://mc.yandex.com https://yastatic.net https://top-fwz1.mail.ru https://vk.com/' };
    expect(directive(env, 'script-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://www.googletagmanager.com',
      'https://mc.yandex.ru',
      'https://mc.yandex.com',
      'https://yastatic.net',
      'https://top-fwz1.mail.ru',
      'https://vk.com',
    ]);
    expect(directive({ CSP_TAG_HOSTS: '' }, 'script-src')).toEqual(["'self'", "'unsafe-inline'", 'https://www.googletagmanager.com']);
    expect(directive({ CSP_TAG_HOSTS: '' }, 'frame-src')).toEqual(['https://www.googletagmanager.com']);
  });

  it('leaves out a tag host that is not an https origin, so no entry can widen or end a directive', () => {
    const settings = readCspSettings({
      CSP_TAG_HOSTS: "https://*.top-mail.ru http://mc.yandex.ru * 'unsafe-eval' https://a.example;script-src https://b.example/path data:",
    });
    expect(settings.tagHosts).toEqual(['https://*.top-mail.ru']);
    expect(settings.rejectedTagHosts).toEqual(['http://mc.yandex.ru', '*', "'unsafe-eval'", 'https://a.example;script-src', 'https://b.example/path', 'data:']);
    expect(contentSecurityPolicyHeader(settings).value).not.toMatch(/unsafe-eval|b\.example|a\.example/);
  });

  it('allows the native forms to post to GetCourse and the phone field to ask the geolocation service', () => {
    const env = { NEXT_PUBLIC_GETCOURSE_FORMS_ORIGIN: 'https://school.getcourse.ru https://pay.school.ru', NEXT_PUBLIC_GEO_URL: 'https://geo.example/json/' };
    expect(directive(env, 'form-action')).toEqual(["'self'", 'https://school.getcourse.ru', 'https://pay.school.ru']);
    expect(directive(env, 'connect-src')).toContain('https://geo.example');
    expect(directive({}, 'connect-src')).toContain('https://ipapi.co');
  });

  it('allows what `next dev` needs only in development; production stays as strict', () => {
    expect(directive({ NODE_ENV: 'development' }, 'script-src')).toContain("'unsafe-eval'");
    expect(directive({ NODE_ENV: 'development' }, 'connect-src')).toEqual(expect.arrayContaining(['ws://localhost:*', 'ws://127.0.0.1:*']));
    for (const env of [{ NODE_ENV: 'production' }, {}]) {
      expect(directive(env, 'script-src')).not.toContain("'unsafe-eval'");
      expect(directive(env, 'connect-src').some((source) => source.startsWith('ws:'))).toBe(false);
    }
  });
});

describe("the console's policy", () => {
  const nonce = newCspNonce();
  const consoleDirective = (env: Record<string, string | undefined>, name: string) =>
    consoleCspDirectives(readCspSettings(env), nonce).find(([directiveName]) => directiveName === name)?.[1] ?? [];

  it("runs only our scripts and those with the request's nonce: no 'unsafe-inline', no tag manager, no tag host", () => {
    const env = { CSP_TAG_HOSTS: 'https://mc.yandex.ru https://vk.com' };
    expect(consoleDirective(env, 'script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    const value = contentSecurityPolicyHeader(readCspSettings(env), consoleCspDirectives(readCspSettings(env), nonce)).value;
    expect(value).not.toMatch(/googletagmanager|google-analytics|yandex|vk\.com|ipapi|getcourse/);
    expect(value).toContain("script-src 'self' 'nonce-");
    expect(value).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(value).toContain("frame-ancestors 'none'");
    expect(value).toMatch(/; report-uri \/api\/csp-report$/);
  });

  it('follows CSP_MODE like the public policy, and adds what `next dev` needs only in development', () => {
    const settings = readCspSettings({ CSP_MODE: 'report-only' });
    expect(contentSecurityPolicyHeader(settings, consoleCspDirectives(settings, nonce)).name).toBe('Content-Security-Policy-Report-Only');
    expect(consoleDirective({ NODE_ENV: 'development' }, 'script-src')).toContain("'unsafe-eval'");
    expect(consoleDirective({}, 'script-src')).not.toContain("'unsafe-eval'");
  });

  it('takes a fresh nonce of 128 bits each time, in the form Next.js reads from the policy', () => {
    const nonces = new Set(Array.from({ length: 100 }, newCspNonce));
    expect(nonces.size).toBe(100);
    for (const each of nonces) {
      expect(each).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(Buffer.from(each, 'base64')).toHaveLength(16);
    }
  });

  it('covers /admin and everything under it, nothing else', () => {
    for (const pathname of ['/admin', '/admin/', '/admin/sign-in', '/admin/leads/12']) expect(isConsolePath(pathname), pathname).toBe(true);
    for (const pathname of ['/', '/administrator', '/api/admin/leads.csv', '/products/admin']) expect(isConsolePath(pathname), pathname).toBe(false);
  });
});
