/**
 * The Content Security Policy, computed from the environment when the server starts (proxy.ts sends it
 * with every answer), so one build can enforce it or only report it.
 *
 * Content pages are pre-rendered, so a per-request nonce is not possible: Next's inline bootstrap
 * scripts need 'unsafe-inline' in script-src. Everything else is locked to our origin, the tag manager,
 * the tag hosts the marketing team's GTM tags load from (CSP_TAG_HOSTS, Yandex Metrika by default: the
 * site already reads its `_ym_uid` cookie), the GetCourse origins that native forms post to and the
 * geolocation service of the phone field.
 *
 * The console (/admin) is rendered per request and loads no tag, so it gets a stricter policy of its
 * own: scripts only from our origin or with the request's nonce (Next.js puts it on every script it
 * writes), nothing from the tag manager or the tag hosts.
 */
import { CSP_REPORT_ENDPOINT } from '@/lib/api-contract';

export type CspMode = 'enforce' | 'report-only';

/**
 * Yandex Metrika's hosts as its CSP guide lists them: the counter script (mc.yandex.ru, yastatic.net),
 * its hits (images and requests to mc.yandex.ru / mc.yandex.com) and Webvisor's frames.
 */
export const DEFAULT_TAG_HOSTS = ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://yastatic.net'] as const;

/** An https origin, optionally with a leading `*.` wildcard; nothing that could end or add a directive. */
const TAG_HOST = /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?\/?$/i;

/** What the policy is made of; `readCspSettings` reads it from the environment. */
export interface CspSettings {
  mode: CspMode;
  tagHosts: readonly string[];
  /** CSP_TAG_HOSTS entries that are not an https origin: left out of the policy, reported at start. */
  rejectedTagHosts: readonly string[];
  formOrigins: readonly string[];
  geoOrigin: string | null;
  /**
   * `next dev` (NODE_ENV=development): React's development build evaluates code ('unsafe-eval') and the
   * page reloads over a websocket to the dev server. A production server never gets these.
   */
  development: boolean;
}

type Environment = Record<string, string | undefined>;

/**
 * CSP_MODE: `report-only` reports without blocking; any other value enforces (a typo never turns the
 * policy off). CSP_TAG_HOSTS: origins separated by spaces or commas; unset means Metrika's hosts, an
 * empty value no tag host at all.
 */
export function readCspSettings(env: Environment): CspSettings {
  const listed = env.CSP_TAG_HOSTS === undefined ? [...DEFAULT_TAG_HOSTS] : splitList(env.CSP_TAG_HOSTS);
  const tagHosts = listed.filter((host) => TAG_HOST.test(host)).map((host) => host.replace(/\/$/, '').toLowerCase());
  return {
    mode: env.CSP_MODE?.trim().toLowerCase() === 'report-only' ? 'report-only' : 'enforce',
    tagHosts: [...new Set(tagHosts)],
    rejectedTagHosts: listed.filter((host) => !TAG_HOST.test(host)),
    formOrigins: splitList(env.NEXT_PUBLIC_GETCOURSE_FORMS_ORIGIN ?? 'https://school.getcourse.ru'),
    geoOrigin: originOf(env.NEXT_PUBLIC_GEO_URL ?? 'https://ipapi.co/json/'),
    development: env.NODE_ENV === 'development',
  };
}

const GTM = 'https://www.googletagmanager.com';
/** The dev server's reload socket, on either name of this machine. */
const DEV_SOCKETS = ['ws://localhost:*', 'ws://127.0.0.1:*'];
const GOOGLE_ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** The policy's directives, in the order they are sent. */
export function cspDirectives(settings: CspSettings): [name: string, sources: string[]][] {
  const tags = settings.tagHosts;
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'unsafe-inline'", ...(settings.development ? ["'unsafe-eval'"] : []), GTM, ...tags]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', GTM, ...GOOGLE_ANALYTICS, ...tags]],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      ["'self'", ...(settings.development ? DEV_SOCKETS : []), GTM, ...GOOGLE_ANALYTICS, ...tags, ...(settings.geoOrigin ? [settings.geoOrigin] : [])],
    ],
    ['frame-src', [GTM, ...tags]],
    ['form-action', ["'self'", ...settings.formOrigins]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    // Where browsers send violation reports (`report-uri`: every browser sends those at once).
    ['report-uri', [CSP_REPORT_ENDPOINT]],
  ];
}

/**
 * The console's directives: a page rendered for this request, whose scripts all carry `nonce` (so no
 * 'unsafe-inline' for scripts) and which loads no tag (no tag manager, no tag host, no geolocation
 * service). Styles keep 'unsafe-inline': React and chart.js set `style` attributes, which a nonce
 * cannot cover.
 */
export function consoleCspDirectives(settings: CspSettings, nonce: string): [name: string, sources: string[]][] {
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", `'nonce-${nonce}'`, ...(settings.development ? ["'unsafe-eval'"] : [])]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(settings.development ? DEV_SOCKETS : [])]],
    ['frame-src', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['report-uri', [CSP_REPORT_ENDPOINT]],
  ];
}

/** A fresh nonce for one console page: 128 random bits, in the base64 that CSP and Next.js read. */
export function newCspNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/** The console's pages (rendered per request) get `consoleCspDirectives`; everything else `cspDirectives`. */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The header to send: its name (enforcing or report-only) and value; the public pages' policy unless told otherwise. */
export function contentSecurityPolicyHeader(settings: CspSettings, directives = cspDirectives(settings)): { name: string; value: string } {
  const value = directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
  return { name: settings.mode === 'enforce' ? 'Content-Security-Policy' : 'Content-Security-Policy-Report-Only', value };
}

function splitList(value: string): string[] {
  return value.split(/[\s,]+/).filter(Boolean);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
