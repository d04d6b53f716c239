import { PageSection } from '@/components/content/page-section';
import type { Course } from '@/content/courses';
import { typography } from '@/lib/typography';

export function OutcomesSection({ course }: { course: Course }) {
  return (
    <PageSection id="outcomes" title="Чему вы научитесь">
      <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
        <ul className="grid gap-4 sm:grid-cols-2">
          {course.outcomes.map((outcome) => (
            <li key={outcome} className="flex gap-3">
              <span aria-hidden="true" className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm text-white">
                ✓
              </span>
              <span className="text-gray-800">{typography(outcome)}</span>
            </li>
          ))}
        </ul>
        <div>
          <h3 className="text-lg font-bold">Инструменты и технологии</h3>
          <ul className="mt-4 flex flex-wrap gap-2">
            {course.tools.map((tool) => (
              <li key={tool} className="rounded-full border border-gray-200 px-3 py-1 text-sm">
                {tool}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </PageSection>
  );
}
