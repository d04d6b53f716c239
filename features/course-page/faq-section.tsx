import { FaqList } from '@/components/content/faq-list';
import { PageSection } from '@/components/content/page-section';
import type { Course } from '@/content/courses';

export function FaqSection({ course }: { course: Course }) {
  return (
    <PageSection id="faq" title="Частые вопросы">
      <FaqList items={course.faq} />
    </PageSection>
  );
}
