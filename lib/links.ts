/**
 * Carrying the current page's query (UTM tags above all) over to a link's target.
 *
 * Rules, chosen so that a link never points somewhere its author did not mean:
 * - Only links to our own site get the query. External links (messengers, GetCourse, other sites) and
 *   non-web schemes (`mailto:`, `tel:`) stay exactly as written: a visitor's query is not ours to hand
 *   to third parties, and the lead back end records UTMs for native forms itself.
 * - Hash-only links (`#tariff-description`) stay as written: they scroll within the page, and turning
 *   them into `?utm_…#…` would reload it.
 * - The target's own parameters win: a key the target already has keeps the target's values, and only
 *   keys it lacks are appended (every value of a repeated key is kept). A course link written with its
 *   own `utm_campaign` or `variant` therefore keeps them, while the visitor's `utm_source` is added.
 * - The target's path, its own query string and its hash are kept verbatim; a relative href stays
 *   relative. Applying the function again to its own result changes nothing.
 */
export function carryQuery(href: string, currentUrl: string): string {
  const current = parseUrl(currentUrl);
  if (!current || current.search === '') return href;

  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return href;

  const target = parseUrl(trimmed, current.href);
  if (!target || target.origin !== current.origin || !/^https?:$/.test(target.protocol)) return href;

  const missing = new URLSearchParams();
  for (const [key, value] of current.searchParams) {
    if (!target.searchParams.has(key)) missing.append(key, value);
  }
  const addition = missing.toString();
  if (addition === '') return href;

  // Rebuild from the author's own text so that a relative href stays relative and their encoding is kept.
  const hashAt = trimmed.indexOf('#');
  const beforeHash = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : trimmed.slice(hashAt);
  const separator = !beforeHash.includes('?') ? '?' : beforeHash.endsWith('?') || beforeHash.endsWith('&') ? '' : '&';
  return `${beforeHash}${separator}${addition}${hash}`;
}

function parseUrl(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}
