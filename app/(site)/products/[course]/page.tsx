import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { coursePageAt, coursePages } from '@/content/courses';
import { CoursePage } from '@/features/course-page/course-page';
import { courseMetadata } from '@/features/course-page/metadata';
import { paramsFor } from '@/lib/route-params';
import { LeadFormSlot } from '../../lead-form-slot';

type Props = { params: Promise<{ course: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return paramsFor('/products/[course]', coursePages().map((page) => page.path));
}

async function entryOf({ params }: Props) {
  const { course } = await params;
  return coursePageAt(`/products/${course}`) ?? notFound();
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return courseMetadata(await entryOf(props));
}

export default async function ProductPage(props: Props) {
  return <CoursePage entry={await entryOf(props)} LeadFormSlot={LeadFormSlot} />;
}
