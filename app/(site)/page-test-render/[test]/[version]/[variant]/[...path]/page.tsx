import { notFound } from 'next/navigation';
import { CoursePage } from '@/features/course-page/course-page';
import { courseMetadata } from '@/features/course-page/metadata';
import { pageTestVariantAt } from '@/features/course-page/page-test-variant';
import { withParams } from '@/lib/route-params';
import { LeadFormSlot } from '../../../../../lead-form-slot';

type Params = { test: string; version: string; variant: string; path: string[] };

/**
 * A page test's variant of a course page or campaign landing, rendered on request from the database. Only
 * the instance itself asks for it (server/page-tests/render.ts, which gives it the first-paint treatment);
 * visitors get it at the page's own address, with the original's metadata (canonical link included).
 */
export const dynamic = 'force-dynamic';

export const generateMetadata = withParams(async (params: Params) => {
  const found = await pageTestVariantAt(params);
  return found ? courseMetadata(found.entry) : {};
});

export default withParams(async (params: Params) => {
  const found = (await pageTestVariantAt(params)) ?? notFound();
  return <CoursePage entry={found.entry} LeadFormSlot={LeadFormSlot} pageVariant={found.pageVariant} />;
});
