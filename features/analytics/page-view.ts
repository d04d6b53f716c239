import { PAGE_VIEWS_ENDPOINT } from '@/lib/api-contract';
import { COUNTED_PAGE_META_NAME } from '@/lib/page-views';

/**
 * One beacon for a course page's view (server/http/page-views.ts), the autopilot's figures of the page. A
 * page says it is counted in its `<meta name="counted-page">`; every other page sends nothing. The path is
 * the page's own from that tag, never the address bar's (no query, so no UTM or personal data leaves).
 */
export function sendPageView(document: Document, navigator: Navigator): void {
  const path = document.querySelector<HTMLMetaElement>(`meta[name="${COUNTED_PAGE_META_NAME}"]`)?.content;
  if (!path) return;
  navigator.sendBeacon?.(PAGE_VIEWS_ENDPOINT, JSON.stringify({ path }));
}
