/**
 * A request's path as the web process takes it, pure (applied by server/http/request-stamp.ts before
 * Next.js sees the request).
 *
 * Next.js matches a page by its decoded path but its render worker by the path as sent: `/%61bout` was
 * matched to the pre-rendered `/about`, then rendered as the `[page]` segment (dynamicParams = false),
 * which refused it; the router tried again, looking for the decoded path among the outputs it had tried
 * while it holds the one as sent, and gave up after five tries with a 500 and two error-log lines. A path
 * it cannot decode at all (`%ZZ`, `%FF`) was a 500 too.
 *
 * So a path with a percent-encoded unreserved character (RFC 3986 2.3: letters, digits, `-._~`, which an
 * address means the same with or without encoding, 6.2.2.2) is sent to its canonical spelling, and a
 * path that does not decode is refused as the client's error.
 */

export type PathCheck = { kind: 'canonical' } | { kind: 'redirect'; location: string } | { kind: 'malformed' };

const unreserved = /^[A-Za-z0-9\-._~]$/;

/** Resolves `.` and `..` segments (RFC 3986 5.2.4): a decoded `%2e%2e` never leaves them in the address. */
function withoutDotSegments(path: string): string {
  const kept: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '..') kept.pop();
    if (segment === '.' || segment === '..') {
      // `/a/..` is the folder `/`: the trailing slash stays.
      if (last) kept.push('');
    } else kept.push(segment);
  });
  return `/${kept.join('/')}`;
}

/**
 * What to do with a request's target (`req.url`: the path and query as sent). Only the path is looked
 * at; the query is the page's own business. A redirect's location is always a path on this site: a
 * decoded path that would start with `//` (another host, to a browser) keeps a single slash.
 */
export function checkRequestPath(url: string): PathCheck {
  // `*` (OPTIONS) and absolute-form targets are Next.js's to refuse.
  if (!url.startsWith('/')) return { kind: 'canonical' };
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  try {
    decodeURIComponent(path);
  } catch {
    return { kind: 'malformed' };
  }
  const decoded = path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return unreserved.test(character) ? character : escape;
  });
  if (decoded === path) return { kind: 'canonical' };
  const location = withoutDotSegments(decoded).replace(/^[/\\]+/, '/');
  return { kind: 'redirect', location: location + query };
}
