import { describe, expect, it } from 'vitest';
import { popupLeadForms } from '../content/popup-lead-forms';
import type { LeadFormEntry } from '../content/lead-form-entry';
import { assertProductionSettings, isPublicSite, popupFormPlaceholders, productionSettingsProblems } from './production-settings';

const real = {
  SITE_URL: 'https://example.school',
  NEXT_PUBLIC_GTM_ID: 'GTM-K7P2Q9M',
  GIFT_POPUP_TOKEN: 'a1b2c3d4e5f6',
  BETTER_AUTH_SECRET: 'f'.repeat(64),
  GETCOURSE_CALLBACK_SECRET: 'c'.repeat(40),
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

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
    expect(missing).toHaveLength(5);
    expect(missing[0]).toMatch(/^NEXT_PUBLIC_GTM_ID/);
    expect(missing[1]).toMatch(/^GIFT_POPUP_TOKEN/);
    expect(missing[2]).toMatch(/^BETTER_AUTH_SECRET/);
    expect(missing[3]).toMatch(/^GETCOURSE_CALLBACK_SECRET/);
    expect(missing[4]).toMatch(/^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY/);
    expect(productionSettingsProblems({ ...real, GETCOURSE_CALLBACK_SECRET: 'short' })).toEqual([expect.stringMatching(/^GETCOURSE_CALLBACK_SECRET/)]);
    for (const notAKey of ['not base64!', Buffer.alloc(20).toString('base64'), Buffer.alloc(32).toString('hex')]) {
      expect(productionSettingsProblems({ ...real, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: notAKey })).toEqual([
        expect.stringMatching(/^NEXT_SERVER_ACTIONS_ENCRYPTION_KEY/),
      ]);
    }
    expect(productionSettingsProblems({ ...real, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(16, 1).toString('base64') })).toEqual([]);
    expect(productionSettingsProblems({ ...real, BETTER_AUTH_SECRET: 'too-short' })).toEqual([expect.stringMatching(/^BETTER_AUTH_SECRET/)]);
    expect(productionSettingsProblems({ ...real, NEXT_PUBLIC_GTM_ID: 'GTM-XXXXXXX' })).toEqual([expect.stringMatching(/^NEXT_PUBLIC_GTM_ID/)]);
    expect(productionSettingsProblems({ ...real, GIFT_POPUP_TOKEN: 'short' })).toEqual([expect.stringMatching(/^GIFT_POPUP_TOKEN/)]);
    expect(productionSettingsProblems({ ...real, CONTENT_FIXTURES: 'e2e' })).toEqual([expect.stringMatching(/^CONTENT_FIXTURES/)]);
    expect(() => assertProductionSettings({ SITE_URL: real.SITE_URL })).toThrow(/https:\/\/example\.school[\s\S]*NEXT_PUBLIC_GTM_ID[\s\S]*GIFT_POPUP_TOKEN/);
  });
});

describe('pop-up forms of a public build', () => {
  const popupForm = (id: string, delivery: LeadFormEntry['delivery']): LeadFormEntry => ({ id, productName: id, event: 'lead', delivery });

  it('passes the pop-up forms of content/popup-lead-forms.ts as they are', () => {
    const forms = popupLeadForms();
    expect(forms.length).toBeGreaterThan(0);
    expect(popupFormPlaceholders(forms)).toEqual([]);
  });

  it('names every pop-up form and field still holding a placeholder, and the build refuses them', () => {
    const forms = [
      popupForm('popup-a', { kind: 'deal', productTitle: 'TODO: название продукта' }),
      popupForm('popup-b', { kind: 'deal', productTitle: 'Скидка 5% из pop-up: Junior', offerCode: '<код предложения>' }),
      popupForm('popup-c', { kind: 'deal', offerCode: '   ' }),
      popupForm('popup-d', { kind: 'deal', productTitle: 'Заглушка' }),
      popupForm('popup-e', { kind: 'deal', productTitle: 'Подарок …' }),
      popupForm('popup-ok', { kind: 'deal', productTitle: 'Скидка 5% из pop-up: Middle', offerCode: 'middle-5' }),
      popupForm('popup-native', { kind: 'browser' }),
    ];
    const problems = productionSettingsProblems(real, forms);
    expect(problems).toEqual([
      expect.stringMatching(/"popup-a" has the placeholder productTitle "TODO: название продукта"/),
      expect.stringMatching(/"popup-b" has the placeholder offerCode "<код предложения>"/),
      expect.stringMatching(/"popup-c" has the placeholder offerCode/),
      expect.stringMatching(/"popup-d" has the placeholder productTitle "Заглушка"/),
      expect.stringMatching(/"popup-e" has the placeholder productTitle "Подарок …"/),
    ]);
    // A local build (tests, the README's commands) builds with them all the same.
    expect(productionSettingsProblems({ SITE_URL: 'http://127.0.0.1:3200' }, forms)).toEqual([]);
  });
});
