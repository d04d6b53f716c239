import { describe, expect, it } from 'vitest';
import { assertProductionSettings, isPublicSite, productionSettingsProblems } from './production-settings';

const real = { SITE_URL: 'https://example.school', NEXT_PUBLIC_GTM_ID: 'GTM-K7P2Q9M', GIFT_POPUP_TOKEN: 'a1b2c3d4e5f6', BETTER_AUTH_SECRET: 'f'.repeat(64) };

describe('settings a public build needs', () => {
  it('asks nothing of a local build (the README commands set nothing)', () => {
    expect(productionSettingsProblems({})).toEqual([]);
    expect(productionSettingsProblems({ SITE_URL: 'http://localhost:3000' })).toEqual([]);
    expect(productionSettingsProblems({ SITE_URL: 'http://127.0.0.1:3200' })).toEqual([]);
    expect(isPublicSite({ SITE_URL: 'https://example.school' })).toBe(true);
  });

  it('passes a public build with a real container id and a gift token', () => {
    expect(productionSettingsProblems(real)).toEqual([]);
    expect(() => assertProductionSettings(real)).not.toThrow();
  });

  it('names each missing or placeholder setting of a public build', () => {
    const missing = productionSettingsProblems({ SITE_URL: real.SITE_URL });
    expect(missing).toHaveLength(3);
    expect(missing[0]).toMatch(/^NEXT_PUBLIC_GTM_ID/);
    expect(missing[1]).toMatch(/^GIFT_POPUP_TOKEN/);
    expect(missing[2]).toMatch(/^BETTER_AUTH_SECRET/);
    expect(productionSettingsProblems({ ...real, BETTER_AUTH_SECRET: 'too-short' })).toEqual([expect.stringMatching(/^BETTER_AUTH_SECRET/)]);
    expect(productionSettingsProblems({ ...real, NEXT_PUBLIC_GTM_ID: 'GTM-XXXXXXX' })).toEqual([expect.stringMatching(/^NEXT_PUBLIC_GTM_ID/)]);
    expect(productionSettingsProblems({ ...real, GIFT_POPUP_TOKEN: 'short' })).toEqual([expect.stringMatching(/^GIFT_POPUP_TOKEN/)]);
    expect(productionSettingsProblems({ ...real, CONTENT_FIXTURES: 'e2e' })).toEqual([expect.stringMatching(/^CONTENT_FIXTURES/)]);
    expect(() => assertProductionSettings({ SITE_URL: real.SITE_URL })).toThrow(/https:\/\/example\.school[\s\S]*NEXT_PUBLIC_GTM_ID[\s\S]*GIFT_POPUP_TOKEN/);
  });
});
