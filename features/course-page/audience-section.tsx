import { PageSection } from '@/components/content/page-section';
import type { Course } from '@/content/courses';
import { typography } from '@/lib/typography';

export function AudienceSection({ course }: { course: Course }) {
  return (
    <PageSection id="audience" title="Кому подойдёт курс">
      <ul className="grid gap-6 md:grid-cols-3">
        {course.audience.map((item) => (
          <li key={item.title} className="rounded-2xl border border-gray-200 p-6">
            <h3 className="text-lg font-bold">{typography(item.title)}</h3>
            <p className="mt-2 text-gray-700">{typography(item.text)}</p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
