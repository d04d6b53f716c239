import 'server-only';
import { headers } from 'next/headers';
import { coursePageAt, type CoursePageEntry } from '@/content/courses';
import { pageTestBlockId } from '@/lib/page-tests/variants';
import { renderToken, servedTestOf } from '@/server/page-tests/live';
import { RENDER_TOKEN_HEADER } from '@/server/page-tests/serving';
import type { PageVariant } from './page-variant';

/**
 * A page test's variant of a course page, for its internal render (app/(site)/page-test-render): asked
 * only by the instance itself (its render token), and only for the test this instance serves on that
 * page now, at the version it serves: a draft, an ended test or an old version is never rendered, whoever
 * asks. The texts are the served version's, as the instance read them from the database. Null for
 * anything else: the route answers 404.
 */
export async function pageTestVariantAt(params: {
  test: string;
  version: string;
  variant: string;
  path: string[];
}): Promise<{ entry: CoursePageEntry; pageVariant: PageVariant } | null> {
  if ((await headers()).get(RENDER_TOKEN_HEADER) !== renderToken()) return null;
  const entry = coursePageAt(`/${params.path.map(decodeURIComponent).join('/')}`);
  if (!entry) return null;
  const test = servedTestOf(entry.path);
  if (!test || test.id !== decodeURIComponent(params.test) || String(test.version) !== params.version) return null;
  const variant = Number(params.variant);
  const changes = Number.isInteger(variant) ? test.variants[variant] : undefined;
  if (!changes) return null;
  return { entry, pageVariant: { ...changes, blockId: pageTestBlockId(test.id, variant) } };
}
