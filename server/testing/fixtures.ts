import type { NewLead } from '../repositories/leads';

let counter = 0;

/** A valid lead with a unique e-mail; override any field. */
export function sampleLead(overrides: Partial<NewLead> = {}): NewLead {
  counter += 1;
  return {
    createdAt: Date.now(),
    formId: 'contact',
    productName: 'contact',
    event: 'lead',
    name: 'Анна Петрова',
    email: `anna.${counter}@example.com`,
    phone: '+79161234567',
    utm: { source: 'yandex', medium: 'cpc', id: '42' },
    pagePath: '/products/junior-js',
    variantId: 'b1',
    blockId: 'lead-form',
    googleClientId: null,
    yandexClientId: null,
    consentTextVersion: '2026-01',
    clientAddressHash: null,
    isSpam: false,
    deliveryMode: 'deal',
    ...overrides,
  };
}

/** A valid body of POST /api/getcourse/orders. */
export function sampleLeadBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    extra: { utm: { source: 'vk', campaign: 'winter' }, page_path: '/products/git' },
    form: { id: 'contact' },
    contacts: { name: 'Иван Смирнов', email: `ivan.${counter}@example.com`, phone: '+7 916 765-43-21' },
    website: '',
    ...overrides,
  };
}
