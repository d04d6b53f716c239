import 'server-only';
import { headers } from 'next/headers';
import { coursePageAt, type CoursePageEntry } from '@/content/courses';
import { pageTestBlockId } from '@/lib/page-tests/variants';
import { renderToken } from '@/server/page-tests/live';
import { RENDER_TOKEN_HEADER } from '@/server/page-tests/serving';
import { getServerRuntime } from '@/server/runtime';
import type { PageVariant } from './page-variant';

/**
 * A page test's variant of a course page, for its internal render (app/(site)/page-test-render): asked
 * only by the instance itself (its render token), read from the database as the console left it. Null
 * for anything else: the route answers 404.
 */
export async function pageTestVariantAt(params: {
  test: string;
  variant: string;
  path: string[];
}): Promise<{ entry: CoursePageEntry; pageVariant: PageVariant } | null> {
  if ((await headers()).get(RENDER_TOKEN_HEADER) !== renderToken()) return null;
  const entry = coursePageAt(`/${params.path.map(decodeURIComponent).join('/')}`);
  const variant = Number(params.variant);
  if (!entry || !Number.isInteger(variant)) return null;
  const test = await (await getServerRuntime()).repos.pageTests.get(decodeURIComponent(params.test));
  const changes = test?.pagePath === entry.path ? test.variants[variant] : undefined;
  if (!test || !changes) return null;
  return { entry, pageVariant: { ...changes, blockId: pageTestBlockId(test.id, variant) } };
}
