import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { coursePageAt, coursePages } from '@/content/courses';
import { CoursePage } from '@/features/course-page/course-page';
import { courseMetadata } from '@/features/course-page/metadata';
import { paramsFor } from '@/lib/route-params';
import { LeadFormSlot } from '../../../lead-form-slot';

/** A variant of a product page (/products/junior-js/cvrna): same page, the variant's form, noindex. */
type Props = { params: Promise<{ course: string; variant: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return paramsFor('/products/[course]/[variant]', coursePages().map((page) => page.path));
}

async function entryOf({ params }: Props) {
  const { course, variant } = await params;
  return coursePageAt(`/products/${course}/${variant}`) ?? notFound();
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return courseMetadata(await entryOf(props));
}

export default async function ProductVariantPage(props: Props) {
  return <CoursePage entry={await entryOf(props)} LeadFormSlot={LeadFormSlot} />;
}
