import { describe, expect, it } from 'vitest';
import { parsePageView } from './page-views';

describe('parsePageView', () => {
  it('takes a bare path', () => {
    expect(parsePageView({ path: '/products/junior-js' })).toEqual({ path: '/products/junior-js' });
  });

  it('refuses what is not a bare path: a query, a fragment, no leading slash, too long, not a string, no body', () => {
    for (const body of [
      { path: '/products/junior-js?email=a@b.ru' },
      { path: '/products/junior-js#x' },
      { path: 'products' },
      { path: `/${'a'.repeat(200)}` },
      { path: 42 },
      {},
      null,
      'x',
    ])
      expect(parsePageView(body)).toBeNull();
  });
});
