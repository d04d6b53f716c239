import { type JsonLdDocument, serializeJsonLd } from '@/lib/json-ld';

/** Structured data for search engines, rendered on the server; no script of ours runs it. */
export function JsonLd({ data }: { data: JsonLdDocument }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
