import { describe, expect, it } from 'vitest';
import type { ExtraSubmitData } from '@/lib/leads/extra-data';
import type { NativeFormConfig } from '@/lib/leads/form-config';
import { helperElementIds, nativeFormAction, nativeFormFields } from './native-form';

const config: NativeFormConfig = {
  formId: 'gift-1',
  formAction: 'https://school.getcourse.ru/pl/lite/block-public/process-html?id=1234567',
  helperId: '1234567__gc__internal__form__helper',
  helperRefId: '1234567__gc__internal__form__helper_ref',
  requestTime: 1735000000,
  requestSignature: 'f0e1d2c3',
  openInNewTab: true,
  submitAnalyticsEvent: { event: 'auto_purchase', product_name: 'base_programming', id_form: 'gift-1' },
};
const values = { fullName: 'Анна', email: 'anna@example.com', phone: '+7 912 345 67 89' };
const extra: ExtraSubmitData = {
  utm: { source: 'vk', campaign: 'santa' },
  page_path: '/events/new-year-2425',
  clientIds: { googleClientId: '111.222', yandexClientId: '333' },
};

describe('nativeFormAction', () => {
  it('adds the UTMs to the action query and keeps its id', () => {
    const url = new URL(nativeFormAction(config.formAction, extra));
    expect(url.origin + url.pathname).toBe('https://school.getcourse.ru/pl/lite/block-public/process-html');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: '1234567', utm_source: 'vk', utm_campaign: 'santa' });
  });

  it('does not override UTMs already in the action', () => {
    const url = new URL(nativeFormAction(`${config.formAction}&utm_source=site`, extra));
    expect(url.searchParams.getAll('utm_source')).toEqual(['site']);
  });

  it('leaves a relative action relative', () => {
    expect(nativeFormAction('/pay?id=1', extra)).toBe('/pay?id=1&utm_source=vk&utm_campaign=santa');
  });
});

describe('nativeFormFields', () => {
  it('posts contacts, UTMs, page path, referrer, current URL, client ids, request time and signature', () => {
    const fields = nativeFormFields(config, values, extra, { href: 'https://site.ru/events/new-year-2425?utm_source=vk', referrer: 'https://ya.ru/' });
    expect(fields).toEqual([
      ['formParams[full_name]', 'Анна'],
      ['formParams[email]', 'anna@example.com'],
      ['formParams[phone]', '+79123456789'],
      ['utm_source', 'vk'],
      ['utm_campaign', 'santa'],
      ['page_path', '/events/new-year-2425'],
      ['__gc__internal__form__helper', 'https://site.ru/events/new-year-2425?utm_source=vk'],
      ['__gc__internal__form__helper_ref', 'https://ya.ru/'],
      ['requestTime', '1735000000'],
      ['requestSimpleSign', 'f0e1d2c3'],
      ['isHtmlWidget', '1'],
      ['ga_client_id', '111.222'],
      ['ym_client_id', '333'],
    ]);
  });

  it('leaves out client ids that are missing', () => {
    const names = nativeFormFields(config, values, { ...extra, clientIds: { googleClientId: null, yandexClientId: null } }, { href: '', referrer: '' }).map(
      ([name]) => name,
    );
    expect(names).not.toContain('ga_client_id');
    expect(names).not.toContain('ym_client_id');
  });

  it('gives the helper inputs the element ids of the config', () => {
    expect(helperElementIds(config)).toEqual({
      __gc__internal__form__helper: '1234567__gc__internal__form__helper',
      __gc__internal__form__helper_ref: '1234567__gc__internal__form__helper_ref',
    });
  });
});
