/**
 * The site's icon. Pages carry it inline as a data URI: a browser then draws the tab's icon without a
 * request, where a linked icon is fetched the moment a page has loaded, competing with its first paint
 * on a phone's network. Crawlers, which need an address, get the same picture as a file: the
 * apple-touch icon (Google Search reads that rel too) and /icon.svg (the organization's logo in the
 * structured data), both written from this markup by scripts/generate-images.ts.
 */
export const SITE_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2451e0"/><path d="M24 20 12 32l12 12M40 20l12 12-12 12" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>';

/** Only what a URL cannot hold is escaped (quotes become apostrophes): about half the size of encodeURIComponent. */
export const SITE_ICON_DATA_URI = `data:image/svg+xml,${SITE_ICON_SVG.replace(/"/g, "'").replace(/[<>#%\s]/g, encodeURIComponent)}`;

/** Where scripts/generate-images.ts writes the icon's files (under public/). */
export const SITE_ICON_FILES = { svg: '/icon.svg', appleTouch: '/apple-touch-icon.png' } as const;
