import { notFound } from 'next/navigation';
import { topLevelPageAt, topLevelPages, topLevelPath } from '@/content/pages';
import { InfoPageView } from '@/features/content-pages/info-page';
import { infoPageMetadata } from '@/features/content-pages/metadata';
import { CoursePage } from '@/features/course-page/course-page';
import { courseMetadata } from '@/features/course-page/metadata';
import { paramsFor, withParams } from '@/lib/route-params';
import { LeadFormSlot } from '../lead-form-slot';

/**
 * Whitelisted top-level pages (content/pages: topLevelPages): the edu-* and study-developer-* pages and
 * /frontend-developer-{variant}. Folders such as /products or /about take precedence over this segment;
 * any path not in the list is a 404 (dynamicParams = false).
 */
type Params = { page: string };

export const dynamicParams = false;

export function generateStaticParams() {
  return paramsFor('/[page]', topLevelPages.map(topLevelPath));
}

const targetAt = ({ page }: Params) => topLevelPageAt(`/${page}`) ?? notFound();

export const generateMetadata = withParams((params: Params) => {
  const target = targetAt(params);
  return target.kind === 'info' ? infoPageMetadata(target.page) : courseMetadata(target.entry);
});

const TopLevelPage = withParams((params: Params) => {
  const target = targetAt(params);
  return target.kind === 'info' ? (
    <InfoPageView page={target.page} LeadFormSlot={LeadFormSlot} />
  ) : (
    <CoursePage entry={target.entry} LeadFormSlot={LeadFormSlot} />
  );
});
export default TopLevelPage;
