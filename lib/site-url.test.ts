import { describe, expect, it } from 'vitest';
import { localSiteUrl, missingSiteUrlWarning, siteUrlFrom } from './site-url';

describe('siteUrlFrom', () => {
  it('takes SITE_URL without a trailing slash and falls back to localhost', () => {
    expect(siteUrlFrom({ SITE_URL: 'https://frontend-start.ru/' })).toBe('https://frontend-start.ru');
    expect(siteUrlFrom({})).toBe(localSiteUrl);
    expect(siteUrlFrom({ SITE_URL: '  ' })).toBe(localSiteUrl);
  });
});

describe('missingSiteUrlWarning', () => {
  it('says what goes wrong and how to build right when SITE_URL is unset or blank, and nothing when it is set', () => {
    for (const env of [{}, { SITE_URL: '' }, { SITE_URL: ' ' }]) {
      const warning = missingSiteUrlWarning(env);
      expect(warning).toContain('SITE_URL is not set');
      expect(warning).toContain(localSiteUrl);
      expect(warning).toContain('SITE_URL=https://');
    }
    expect(missingSiteUrlWarning({ SITE_URL: 'https://frontend-start.ru' })).toBeUndefined();
  });
});
