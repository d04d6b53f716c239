import type { AnchorHTMLAttributes } from 'react';

/**
 * A call-to-action or course link. It renders a plain `<a href>` (no JavaScript needed to follow it);
 * the `data-carry-query` mark lets the lazily loaded link helper carry the page's query (UTMs) over.
 */
export function CarryQueryLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a data-carry-query="" {...props} />;
}
