import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { coursePageAt, coursePages } from '@/content/courses';
import { CoursePage } from '@/features/course-page/course-page';
import { courseMetadata } from '@/features/course-page/metadata';
import { paramsFor } from '@/lib/route-params';
import { LeadFormSlot } from '../../lead-form-slot';

type Props = { params: Promise<{ variant: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return paramsFor('/frontend-developer/[variant]', coursePages().map((page) => page.path));
}

async function entryOf({ params }: Props) {
  const { variant } = await params;
  return coursePageAt(`/frontend-developer/${variant}`) ?? notFound();
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return courseMetadata(await entryOf(props));
}

export default async function FrontendDeveloperVariantPage(props: Props) {
  return <CoursePage entry={await entryOf(props)} LeadFormSlot={LeadFormSlot} />;
}
