import type { Metadata } from 'next';

export interface PageMetadataInput {
  title: string;
  description: string;
  /** The page's own path. */
  path: string;
  /**
   * Variant and campaign copies of a page stay out of search results. Such a page names no canonical:
   * "noindex" plus a canonical to another page are conflicting signals (the canonical asks to pass this
   * page's signals on, noindex to drop it), and search engines then pick one themselves.
   */
  noindex?: boolean;
  /** An Open Graph card in public/ (1200x630). */
  /** The link previews' picture; its size when it is not the 1200×630 card (an article's cover). */
  image?: { src: string; alt: string; width?: number; height?: number };
}

export const defaultOgImage = { src: '/images/og/default.png', alt: 'Фронтенд Старт — курсы фронтенд-разработки' };

/**
 * Title, description, canonical URL, robots and Open Graph of a page. Paths are relative: the root
 * layout's `metadataBase` (SITE_URL) makes them absolute.
 */
export function pageMetadata({ title, description, path, noindex = false, image = defaultOgImage }: PageMetadataInput): Metadata {
  return {
    title,
    description,
    alternates: noindex ? undefined : { canonical: path },
    robots: noindex ? { index: false, follow: true } : undefined,
    openGraph: {
      type: 'website',
      locale: 'ru_RU',
      title,
      description,
      url: path,
      images: [{ url: image.src, width: image.width ?? 1200, height: image.height ?? 630, alt: image.alt }],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image.src] },
  };
}
