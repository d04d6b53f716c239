import { describe, expect, it } from 'vitest';
import { idsRequestSchema, leadRequestSchema } from '@/lib/validation/lead';
import type { ExtraSubmitData } from '@/lib/leads/extra-data';
import { buildIdsRequest, buildLeadRequest } from './lead-request';

const values = { fullName: 'Анна Петрова', email: 'anna@example.com', phone: '+7 912 345 67 89' };
const extra: ExtraSubmitData = {
  utm: { source: 'yandex', medium: 'cpc', campaign: 'junior', content: 'banner', term: 'js', id: '7' },
  page_path: '/products/junior-js',
  clientIds: { googleClientId: '111.222', yandexClientId: '333' },
};

describe("buildLeadRequest (the lead API's body)", () => {
  it('is the spec payload plus the analytics ids and the honeypot', () => {
    expect(buildLeadRequest('contact', values, extra)).toEqual({
      extra: {
        utm: { source: 'yandex', medium: 'cpc', campaign: 'junior', content: 'banner', term: 'js', id: '7' },
        page_path: '/products/junior-js',
        ids: { googleClientId: '111.222', yandexClientId: '333' },
      },
      form: { id: 'contact' },
      contacts: { name: 'Анна Петрова', email: 'anna@example.com', phone: '+79123456789' },
      website: '',
    });
  });

  it('adds variant and block ids when the form has them, and the browser mark for native forms', () => {
    const body = buildLeadRequest('gift-1', values, { ...extra, variant_id: 'cvrna', block_id: 'gift' }, { honeypot: 'x', browserDelivered: true });
    expect(body.extra).toMatchObject({ variant_id: 'cvrna', block_id: 'gift' });
    expect(body.website).toBe('x');
    expect(body.browser_delivered).toBe(true);
  });

  it('passes the shared server schema unchanged', () => {
    const body = buildLeadRequest('contact', values, { ...extra, variant_id: 'b1' });
    expect(leadRequestSchema.parse(body)).toEqual(body);
  });

  it('leaves the ids out when the visitor has neither analytics cookie', () => {
    const body = buildLeadRequest('contact', values, { ...extra, clientIds: { googleClientId: null, yandexClientId: null } });
    expect(body.extra).not.toHaveProperty('ids');
  });
});

describe('buildIdsRequest', () => {
  it('is e-mail plus both client ids, accepted by the shared schema', () => {
    const body = buildIdsRequest('anna@example.com', extra);
    expect(body).toEqual({ email: 'anna@example.com', ids: { googleClientId: '111.222', yandexClientId: '333' }, website: '' });
    expect(idsRequestSchema.safeParse(body).success).toBe(true);
  });

  it('sends nulls for missing cookies', () => {
    const body = buildIdsRequest('anna@example.com', { ...extra, clientIds: { googleClientId: null, yandexClientId: null } });
    expect(idsRequestSchema.safeParse(body).success).toBe(true);
  });
});
