import type { Metadata } from 'next';
import { coursePageAt } from '@/content/courses';
import { CoursePage } from '@/features/course-page/course-page';
import { courseMetadata } from '@/features/course-page/metadata';
import { LeadFormSlot } from '../lead-form-slot';

// The profession's page lives at the top level; the course content guarantees it exists. Looked up at each
// render, not once: its prices follow the ones in effect (content/courses.ts).
const entry = () => coursePageAt('/frontend-developer')!;

export function generateMetadata(): Metadata {
  return courseMetadata(entry());
}

export default function FrontendDeveloperPage() {
  return <CoursePage entry={entry()} LeadFormSlot={LeadFormSlot} />;
}
