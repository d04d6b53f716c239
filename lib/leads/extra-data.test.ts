import { describe, expect, it } from 'vitest';
import {
  clientIdsFromCookies,
  collectExtraData,
  googleClientIdFromCookie,
  readCookie,
  rememberUtm,
  UTM_STORAGE_KEY,
  utmFromSearch,
  type PageContext,
} from './extra-data';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('utmFromSearch', () => {
  it.each([
    ['', {}],
    ['?utm_source=yandex&utm_medium=cpc', { source: 'yandex', medium: 'cpc' }],
    ['?utm_campaign=spring&utm_content=banner&utm_term=js+курс&utm_id=42', { campaign: 'spring', content: 'banner', term: 'js курс', id: '42' }],
    ['?utm_source=&utm_medium=%20', {}],
    ['?utm_other=x&source=y', {}],
  ])('%s', (search, expected) => {
    expect(utmFromSearch(search)).toEqual(expected);
  });

  it('cuts very long values to 200 characters (the server limit)', () => {
    expect(utmFromSearch(`?utm_source=${'a'.repeat(300)}`).source).toHaveLength(200);
  });

  it('leaves out what the server refuses: control characters, bidi overrides, half of a pair cut at the limit', () => {
    expect(utmFromSearch('?utm_source=v%00k%1B&utm_medium=%E2%80%AEcpc&utm_term=js%09курс')).toEqual({ source: 'vk', medium: 'cpc', term: 'jsкурс' });
    expect(utmFromSearch('?utm_source=%00%07')).toEqual({});
    const cut = utmFromSearch(`?utm_campaign=${'a'.repeat(199)}🎄`).campaign!;
    expect(cut).toBe('a'.repeat(199));
    expect(utmFromSearch('?utm_content=ёлка 🎄').content).toBe('ёлка 🎄');
  });
});

describe('rememberUtm: UTMs kept for the visit', () => {
  it('remembers the landing page UTMs and applies them on later pages', () => {
    const storage = memoryStorage();
    expect(rememberUtm('?utm_source=vk&utm_campaign=junior', storage)).toEqual({ source: 'vk', campaign: 'junior' });
    expect(rememberUtm('', storage)).toEqual({ source: 'vk', campaign: 'junior' });
    expect(rememberUtm('?page=2', storage)).toEqual({ source: 'vk', campaign: 'junior' });
  });

  it('a later URL with UTMs starts a new attribution', () => {
    const storage = memoryStorage();
    rememberUtm('?utm_source=vk&utm_campaign=junior', storage);
    expect(rememberUtm('?utm_source=telegram', storage)).toEqual({ source: 'telegram' });
    expect(rememberUtm('', storage)).toEqual({ source: 'telegram' });
  });

  it('ignores broken or foreign stored values', () => {
    expect(rememberUtm('', memoryStorage({ [UTM_STORAGE_KEY]: '{not json' }))).toEqual({});
    expect(rememberUtm('', memoryStorage({ [UTM_STORAGE_KEY]: '"text"' }))).toEqual({});
    expect(rememberUtm('', memoryStorage({ [UTM_STORAGE_KEY]: '{"source":7,"medium":"cpc","evil":"x"}' }))).toEqual({ medium: 'cpc' });
    expect(rememberUtm('', memoryStorage({ [UTM_STORAGE_KEY]: '{"source":"v\\u0000k","medium":"\\u0007"}' }))).toEqual({ source: 'vk' });
  });

  it('works without storage and when storage throws', () => {
    expect(rememberUtm('?utm_source=vk', null)).toEqual({ source: 'vk' });
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(rememberUtm('?utm_source=vk', throwing)).toEqual({ source: 'vk' });
    expect(rememberUtm('', throwing)).toEqual({});
  });
});

describe('analytics client ids from cookies', () => {
  it('reads one cookie among many, decoding it', () => {
    expect(readCookie('a=1; _ga=GA1.1.123.456; b=2', '_ga')).toBe('GA1.1.123.456');
    expect(readCookie('x_ga=1; _ga_ABC=2', '_ga')).toBeNull();
    expect(readCookie('name=%D0%90%D0%BD%D0%BD%D0%B0', 'name')).toBe('Анна');
    expect(readCookie('bad=%E0%A4%A', 'bad')).toBe('%E0%A4%A');
    expect(readCookie('', '_ga')).toBeNull();
  });

  it.each([
    ['GA1.1.1234567890.1700000000', '1234567890.1700000000'],
    ['GA1.2.987.654', '987.654'],
    ['garbage', null],
    [null, null],
  ])('_ga %j -> %j', (cookie, expected) => {
    expect(googleClientIdFromCookie(cookie)).toBe(expected);
  });

  it('gives both ids, null when missing', () => {
    expect(clientIdsFromCookies('_ga=GA1.1.111.222; _ym_uid=1700000000123456789')).toEqual({
      googleClientId: '111.222',
      yandexClientId: '1700000000123456789',
    });
    expect(clientIdsFromCookies('')).toEqual({ googleClientId: null, yandexClientId: null });
  });

  it('keeps the ids within what the server takes: no control characters, at most 100 characters', () => {
    expect(clientIdsFromCookies('_ga=GA1.1.111.2%0022; _ym_uid=17%00%E2%80%AE00')).toEqual({ googleClientId: '111.222', yandexClientId: '1700' });
    expect(clientIdsFromCookies(`_ym_uid=${'7'.repeat(150)}`).yandexClientId).toHaveLength(100);
    expect(clientIdsFromCookies('_ym_uid=%00')).toEqual({ googleClientId: null, yandexClientId: null });
  });
});

describe('collectExtraData', () => {
  const page = (overrides: Partial<PageContext> = {}): PageContext => ({
    search: '?utm_source=yandex&utm_id=7',
    pathname: '/products/junior-js/cvrna',
    cookie: '_ga=GA1.1.111.222; _ym_uid=333',
    storage: memoryStorage(),
    ...overrides,
  });

  it('collects UTMs, page path, placement and client ids', () => {
    expect(collectExtraData({ variantId: 'cvrna', blockId: 'lead-form' }, page())).toEqual({
      utm: { source: 'yandex', id: '7' },
      page_path: '/products/junior-js/cvrna',
      variant_id: 'cvrna',
      block_id: 'lead-form',
      clientIds: { googleClientId: '111.222', yandexClientId: '333' },
    });
  });

  it('leaves out a missing variant and block', () => {
    const extra = collectExtraData({}, page({ search: '', pathname: '' }));
    expect(extra).toEqual({ utm: {}, page_path: '/', clientIds: { googleClientId: '111.222', yandexClientId: '333' } });
  });
});
