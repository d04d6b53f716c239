import { describe, expect, it } from 'vitest';
import { collectionMetadata } from './metadata';

describe('collectionMetadata', () => {
  it('describes an article for link previews and names its canonical URL', () => {
    const metadata = collectionMetadata({
      title: 'this в JavaScript',
      description: 'Четыре правила',
      path: '/media/this-in-javascript',
      article: {
        publishedAt: '2025-08-12',
        author: { slug: 'anna-kovaleva', name: 'Анна Ковалёва', role: 'Наставник' },
        section: 'JavaScript',
        tags: ['this'],
      },
    });
    expect(metadata.alternates).toEqual({ canonical: '/media/this-in-javascript' });
    expect(metadata.openGraph).toMatchObject({
      type: 'article',
      url: '/media/this-in-javascript',
      locale: 'ru_RU',
      images: [expect.objectContaining({ url: '/images/og/default.png' })],
      publishedTime: '2025-08-12',
      modifiedTime: '2025-08-12',
      authors: ['Анна Ковалёва'],
      section: 'JavaScript',
      tags: ['this'],
    });
  });

  it('describes a list page as a website', () => {
    const metadata = collectionMetadata({ title: 'Медиа', description: 'Статьи', path: '/media' });
    expect(metadata.openGraph).toMatchObject({ type: 'website', title: 'Медиа', url: '/media' });
  });
});

describe('an article with a cover', () => {
  it('shows its cover in link previews, at its own size', () => {
    const metadata = collectionMetadata({
      title: 'Первая работа',
      description: 'План',
      path: '/media/first-job',
      image: { src: '/api/content-images/7', alt: 'Первая работа', width: 1600, height: 900 },
    });
    expect(metadata.openGraph?.images).toEqual([{ url: '/api/content-images/7', width: 1600, height: 900, alt: 'Первая работа' }]);
  });
});
