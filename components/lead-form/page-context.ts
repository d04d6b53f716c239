import type { KeyValueStorage, PageContext } from '@/lib/leads/extra-data';

/** Where the page is, read from the browser (only ever called on a submit, in the browser). */
export function currentPageContext(): PageContext {
  let storage: KeyValueStorage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // sessionStorage throws when the browser blocks storage for the site.
  }
  return { search: window.location.search, pathname: window.location.pathname, cookie: document.cookie, storage };
}
