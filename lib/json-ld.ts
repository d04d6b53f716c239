import type { Thing, WithContext } from 'schema-dts';

/** One JSON-LD block: a single schema.org thing with its @context. */
export type JsonLdDocument = WithContext<Thing>;

/**
 * JSON for the body of a `<script type="application/ld+json">`. Every "<" becomes \u003c, which JSON
 * reads back as the same character, so no text from content (a title with "</script>") can end the
 * element early or open a comment.
 */
export function serializeJsonLd(document: JsonLdDocument): string {
  return JSON.stringify(document).replace(/</g, '\\u003c');
}

/** An absolute URL for structured data, which (unlike Next's metadata) has no metadataBase. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return path === '/' ? `${siteUrl}/` : `${siteUrl}${path}`;
}
