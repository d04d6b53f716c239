import { notFound } from 'next/navigation';
import { coursePageAt, coursePages } from '@/content/courses';
import { CoursePage } from '@/features/course-page/course-page';
import { courseMetadata } from '@/features/course-page/metadata';
import { paramsFor, pathFor, withParams } from '@/lib/route-params';
import { LeadFormSlot } from './lead-form-slot';

type Params = Record<string, string>;

/**
 * What a dynamic route exports to serve the course pages whose paths match `pattern` (e.g. '/products/[course]'):
 * every such page is pre-rendered, and the route's `dynamicParams = false` makes any other path a 404.
 */
export function coursePageRoute(pattern: string) {
  const entryAt = (params: Params) => coursePageAt(pathFor(pattern, params)) ?? notFound();
  return {
    generateStaticParams: () =>
      paramsFor(
        pattern,
        coursePages().map((page) => page.path),
      ),
    generateMetadata: withParams((params: Params) => courseMetadata(entryAt(params))),
    Page: withParams((params: Params) => <CoursePage entry={entryAt(params)} LeadFormSlot={LeadFormSlot} />),
  };
}
