import type { Metadata } from 'next';

export interface PageMetadataInput {
  title: string;
  description: string;
  /** The page's own path. */
  path: string;
  /** Where search engines should look instead: set on variant pages to their base page. */
  canonicalPath?: string;
  /** Variant and campaign copies of a page stay out of search results. */
  noindex?: boolean;
  /** An Open Graph card in public/ (1200x630). */
  image?: { src: string; alt: string };
}

const defaultImage = { src: '/images/og/default.png', alt: 'Фронтенд Старт — курсы фронтенд-разработки' };

/**
 * Title, description, canonical URL, robots and Open Graph of a page. Paths are relative: the root
 * layout's `metadataBase` (SITE_URL) makes them absolute.
 */
export function pageMetadata({ title, description, path, canonicalPath = path, noindex = false, image = defaultImage }: PageMetadataInput): Metadata {
  return {
    title,
    description,
    alternates: { canonical: canonicalPath },
    robots: noindex ? { index: false, follow: true } : undefined,
    openGraph: {
      type: 'website',
      locale: 'ru_RU',
      title,
      description,
      url: canonicalPath,
      images: [{ url: image.src, width: 1200, height: 630, alt: image.alt }],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image.src] },
  };
}
