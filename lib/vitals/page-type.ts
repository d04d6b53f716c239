/**
 * The page type of a path: the route pattern of the page that serves it (`/products/[course]`), never the
 * path itself or its query, so a report names no article, no campaign and no visitor. The list follows
 * app/(site) (a test holds them together); a path no pattern takes (a 404) is `other`. Pure.
 */
export const PAGE_TYPES = [
  '/',
  '/about',
  '/cooperation',
  '/docs',
  '/events/new-year-2425',
  '/events/[slug]',
  '/frontend-developer',
  '/frontend-developer/[variant]',
  '/media',
  '/media/[id]',
  '/media/category/[category]',
  '/personal-stories',
  '/personal-stories/[id]',
  '/personal-stories/category/[category]',
  '/products',
  '/products/[course]',
  '/products/[course]/[variant]',
  '/roadmap/[roadmapAlias]',
  '/roadmap/[roadmapAlias]/article/[articleAlias]',
  '/roadmap/[roadmapAlias]/topic/[topicAlias]',
  '/[page]',
  'other',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const KNOWN_PAGE_TYPES: ReadonlySet<string> = new Set(PAGE_TYPES);

const patterns = PAGE_TYPES.filter((type) => type !== 'other').map((type) => ({
  type,
  segments: type.split('/').filter(Boolean),
}));

/** Next.js's precedence: a static segment wins over a dynamic one, from the left. */
export function pageTypeOf(pathname: string): PageType {
  const segments = (pathname.split(/[?#]/, 1)[0] ?? '').split('/').filter(Boolean);
  let best: { type: PageType; score: string } | null = null;
  for (const pattern of patterns) {
    if (pattern.segments.length !== segments.length) continue;
    let score = '';
    let matches = true;
    for (let i = 0; i < segments.length; i++) {
      const part = pattern.segments[i]!;
      if (part.startsWith('[')) score += '0';
      else if (part === segments[i]) score += '1';
      else {
        matches = false;
        break;
      }
    }
    if (matches && (best === null || score > best.score)) best = { type: pattern.type, score };
  }
  return best?.type ?? 'other';
}
