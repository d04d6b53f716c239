import { describe, expect, it } from 'vitest';
import { isLivePagePath, LIVE_PAGE_CHECK_PATH } from './serving';

describe('the requests a page with the console content answers', () => {
  it('are the pages of the site', () => {
    for (const path of ['/', '/products', '/products/junior-js', '/media/this-in-javascript', '/events/js-quest', '/about'])
      expect(isLivePagePath(path), path).toBe(true);
  });

  it('are never files, the console, the API, the build files, the internal render addresses or the self-check’s', () => {
    for (const path of [
      '/robots.txt',
      '/sitemap.xml',
      '/images/cover.webp',
      '/favicon.ico',
      '/admin',
      '/admin/prices',
      '/api/health',
      '/_next/static/x.js',
      '/page-test-render/t/1/1/products/junior-js',
      LIVE_PAGE_CHECK_PATH,
      '//evil.test/x',
      'products',
    ])
      expect(isLivePagePath(path), path).toBe(false);
  });
});
