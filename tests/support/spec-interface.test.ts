import { describe, expect, it } from 'vitest';
import { fieldPaths, readSpecCalls, specCalls } from './spec-interface';

describe('the spec’s calls table', () => {
  it('reads nested field lists as dotted paths', () => {
    expect(fieldPaths('extra {utm {source, medium}, page_path}, form {id}, contacts {name}')).toEqual([
      'extra.utm.source',
      'extra.utm.medium',
      'extra.page_path',
      'form.id',
      'contacts.name',
    ]);
    expect(fieldPaths('email, ids {googleClientId, yandexClientId}')).toEqual(['email', 'ids.googleClientId', 'ids.yandexClientId']);
    expect(() => fieldPaths('extra {utm')).toThrow('unbalanced');
    expect(() => fieldPaths('email ids')).toThrow('two names');
  });

  it('takes the rows the site serves and refuses a row it cannot read', () => {
    const table = (rows: string) => `## Calls the product makes\n\n| Call | Payload | Response handling |\n|---|---|---|\n${rows}\n`;
    expect(specCalls(table('| GET to a public IP-geolocation service | none | Reads a country field. |'))).toEqual([]);
    expect(() => specCalls(table('| POST /api/new | form data | Whatever. |'))).toThrow('unreadable payload');
    expect(() => specCalls(table('| POST /api/new | none | Whatever. |'))).toThrow('unreadable response');
  });

  it('names the site’s three calls and the image optimiser, with their fields and answers', () => {
    const calls = readSpecCalls();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/gift-schedule',
      'POST /api/getcourse/ids',
      'POST /api/getcourse/orders',
      'GET /_next/image',
    ]);
    const orders = calls.find((call) => call.path === '/api/getcourse/orders')!;
    expect(orders.payload).toEqual({
      kind: 'json',
      fields: [
        'extra.utm.source',
        'extra.utm.medium',
        'extra.utm.campaign',
        'extra.utm.content',
        'extra.utm.term',
        'extra.page_path',
        'form.id',
        'contacts.name',
        'contacts.email',
        'contacts.phone',
      ],
    });
    expect(orders.answer).toEqual({ kind: 'field', field: 'message' });
    expect(calls.find((call) => call.path === '/api/getcourse/ids')!.answer).toEqual({ kind: 'field', field: 'msg' });
    expect(calls[0]!.answer).toEqual({ kind: 'list', itemFields: ['giftNumber', 'startTimestamp', 'endTimestamp'] });
    expect(calls[3]!.payload).toEqual({ kind: 'query', parameters: ['url', 'w', 'q'], defaults: { q: '75' } });
  });
});
