import { carryQuery } from '@/lib/links';

/** The mark `<CarryQueryLink>` renders on its server-rendered `<a>`. */
const selector = 'a[data-carry-query]';

/**
 * Rewrites every marked link's href with the current page's query (see `carryQuery` for the rules), now
 * and again just before a link is used: on pointerdown (click, middle click, context menu, touch), on
 * focus (keyboard) and on click (assistive technology that activates without focusing). The last two
 * cover links that appeared after this ran, and a query that changed since. Returns the clean-up.
 */
export function carryQueryIntoLinks(doc: Document): () => void {
  for (const link of doc.querySelectorAll<HTMLAnchorElement>(selector)) rewrite(link, doc.location.href);

  const onUse = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(selector) : null;
    if (link) rewrite(link, doc.location.href);
  };
  const events = ['pointerdown', 'focusin', 'click'] as const;
  for (const type of events) doc.addEventListener(type, onUse, true);
  return () => {
    for (const type of events) doc.removeEventListener(type, onUse, true);
  };
}

/**
 * The author's href is kept in `data-carry-query-href` so that a later query replaces the earlier one
 * instead of piling up; an href React rendered anew since our last rewrite becomes the new original.
 */
function rewrite(link: HTMLAnchorElement, currentUrl: string) {
  const shown = link.getAttribute('href');
  if (shown === null) return;
  const { carryQueryHref: original, carryQueryResult: written } = link.dataset;
  const authored = original !== undefined && shown === written ? original : shown;
  const carried = carryQuery(authored, currentUrl);
  link.dataset.carryQueryHref = authored;
  link.dataset.carryQueryResult = carried;
  if (carried !== shown) link.setAttribute('href', carried);
}
