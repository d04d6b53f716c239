import { describe, expect, it } from 'vitest';
import { pageMetadata } from './page-metadata';

describe('pageMetadata', () => {
  it('makes an indexable page canonical to itself with an Open Graph card', () => {
    const metadata = pageMetadata({ title: 'Курс', description: 'Описание', path: '/products/git', image: { src: '/images/og/courses/git.png', alt: 'Git' } });
    expect(metadata.alternates?.canonical).toBe('/products/git');
    expect(metadata.robots).toBeUndefined();
    expect(metadata.openGraph).toMatchObject({
      title: 'Курс',
      description: 'Описание',
      url: '/products/git',
      locale: 'ru_RU',
      images: [{ url: '/images/og/courses/git.png', width: 1200, height: 630, alt: 'Git' }],
    });
  });

  it('keeps a variant out of the index without a canonical that would contradict the noindex', () => {
    const metadata = pageMetadata({ title: 'Курс', description: 'Описание', path: '/products/git/cvrna', noindex: true });
    expect(metadata.alternates).toBeUndefined();
    expect(metadata.robots).toEqual({ index: false, follow: true });
    expect(metadata.openGraph?.url).toBe('/products/git/cvrna');
  });

  it('falls back to the default card', () => {
    const metadata = pageMetadata({ title: 'О школе', description: 'Описание', path: '/about' });
    expect(metadata.openGraph?.images).toEqual([{ url: '/images/og/default.png', width: 1200, height: 630, alt: expect.any(String) }]);
  });
});
