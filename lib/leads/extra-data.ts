/**
 * The extra submit data: UTM parameters (kept for the visit), page path, variant and block
 * ids, and the analytics client ids from the `_ga` and `_ym_uid` cookies. Free of React and of any
 * library, so the tiny always-loaded UTM recorder can use it too. What comes from a link or a cookie is
 * kept within the server's rules (its length, no control characters: lib/validation/text.ts), so an odd
 * link never costs a visitor their lead.
 */
import { safeText } from '@/lib/validation/text';

export const UTM_KEYS = ['source', 'medium', 'campaign', 'content', 'term', 'id'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;

/** sessionStorage key of the visit's UTMs: they survive moving on to other pages of the site. */
export const UTM_STORAGE_KEY = 'utm';
const UTM_MAX_LENGTH = 200;
const CLIENT_ID_MAX_LENGTH = 100;

export interface ClientIds {
  googleClientId: string | null;
  yandexClientId: string | null;
}

export interface ExtraSubmitData {
  utm: Utm;
  page_path: string;
  variant_id?: string;
  block_id?: string;
  clientIds: ClientIds;
}

/** `?utm_source=x&utm_id=7` -> `{ source: 'x', id: '7' }`; empty values are ignored. */
export function utmFromSearch(search: string): Utm {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = safeText(params.get(`utm_${key}`) ?? '', UTM_MAX_LENGTH).trim();
    if (value) utm[key] = value;
  }
  return utm;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The UTMs of this visit: a URL that carries any UTM starts a new attribution (and is remembered);
 * otherwise the ones remembered earlier in the session apply.
 */
export function rememberUtm(search: string, storage: KeyValueStorage | null): Utm {
  const fromUrl = utmFromSearch(search);
  if (Object.keys(fromUrl).length > 0) {
    try {
      storage?.setItem(UTM_STORAGE_KEY, JSON.stringify(fromUrl));
    } catch {
      // Storage full or blocked (private mode): the URL's UTMs still go with this submit.
    }
    return fromUrl;
  }
  return readStoredUtm(storage);
}

function readStoredUtm(storage: KeyValueStorage | null): Utm {
  let stored: unknown;
  try {
    stored = JSON.parse(storage?.getItem(UTM_STORAGE_KEY) ?? 'null');
  } catch {
    return {};
  }
  if (!stored || typeof stored !== 'object') return {};
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = (stored as Record<string, unknown>)[key];
    const text = typeof value === 'string' ? safeText(value, UTM_MAX_LENGTH).trim() : '';
    if (text) utm[key] = text;
  }
  return utm;
}

/** The value of one cookie from a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null;
    }
  }
  return null;
}

/** `_ga` = `GA1.1.1234567890.1700000000`: the client id is the last two parts. */
export function googleClientIdFromCookie(value: string | null): string | null {
  if (!value) return null;
  const parts = value.split('.');
  return parts.length >= 4 ? parts.slice(-2).join('.') : null;
}

export function clientIdsFromCookies(cookieString: string): ClientIds {
  const clean = (id: string | null) => (id === null ? null : safeText(id, CLIENT_ID_MAX_LENGTH) || null);
  return {
    googleClientId: clean(googleClientIdFromCookie(readCookie(cookieString, '_ga'))),
    yandexClientId: clean(readCookie(cookieString, '_ym_uid')),
  };
}

export interface PageContext {
  search: string;
  pathname: string;
  cookie: string;
  storage: KeyValueStorage | null;
}

/** The extra data of a submit from where the page is (read in the browser by components/lead-form/page-context.ts). */
export function collectExtraData(placement: { variantId?: string; blockId?: string }, page: PageContext): ExtraSubmitData {
  return {
    utm: rememberUtm(page.search, page.storage),
    page_path: page.pathname || '/',
    ...(placement.variantId ? { variant_id: placement.variantId } : {}),
    ...(placement.blockId ? { block_id: placement.blockId } : {}),
    clientIds: clientIdsFromCookies(page.cookie),
  };
}
