import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_TYPES, pageTypeOf } from './page-type';

describe('pageTypeOf', () => {
  it.each([
    ['/', '/'],
    ['/products', '/products'],
    ['/products/', '/products'],
    ['/products/junior-js', '/products/[course]'],
    ['/products/junior-js/b1?utm_source=mail#tariffs', '/products/[course]/[variant]'],
    ['/events/new-year-2425', '/events/new-year-2425'],
    ['/events/some-meetup', '/events/[slug]'],
    ['/media/category/css', '/media/category/[category]'],
    ['/media/123', '/media/[id]'],
    ['/privacy', '/[page]'],
    ['/about', '/about'],
    ['/roadmap/frontend/topic/html', '/roadmap/[roadmapAlias]/topic/[topicAlias]'],
    ['/no/such/page/here', 'other'],
  ])('%s -> %s', (pathname, type) => {
    expect(pageTypeOf(pathname)).toBe(type);
  });

  it('lists every page of app/(site) a visitor opens, and nothing else', () => {
    const root = path.resolve(import.meta.dirname, '../../app/(site)');
    const found: string[] = [];
    // A page test's variant is rendered there for the server alone; its visitor stays at (and reports
    // the vitals of) the tested page's own address.
    const internal = new Set(['page-test-render']);
    const walk = (dir: string, route: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory() && !internal.has(entry.name)) walk(path.join(dir, entry.name), `${route}/${entry.name}`);
        else if (entry.name === 'page.tsx') found.push(route || '/');
      }
    };
    walk(root, '');
    expect(PAGE_TYPES.filter((type) => type !== 'other').sort()).toEqual(found.sort());
  });
});
