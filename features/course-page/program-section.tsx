import { PageSection } from '@/components/content/page-section';
import type { Course } from '@/content/courses';
import { pluralRu } from '@/lib/plural';
import { typography } from '@/lib/typography';
import { MarkedList } from '@/components/content/marked-list';

const moduleForms = { one: 'модуль', few: 'модуля', many: 'модулей' };

/** The programme by modules, numbered in order: topics of each module and the project it ends with. */
export function ProgramSection({ course }: { course: Course }) {
  return (
    <PageSection
      id="program"
      title="Программа"
      intro={`${course.modules.length} ${pluralRu(course.modules.length, moduleForms)}: теория, практика и проекты.`}
      tone="muted"
    >
      <ol className="grid gap-4">
        {course.modules.map((module, index) => (
          <li key={module.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-100">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="text-lg font-bold">
                <span className="mr-2 text-brand-600">{String(index + 1).padStart(2, '0')}</span>
                {typography(module.title)}
              </h3>
              <p className="text-sm text-gray-500">{typography(module.duration)}</p>
            </div>
            <MarkedList items={module.topics} marker="•" className="mt-4 grid gap-x-6 gap-y-2 text-gray-700 sm:grid-cols-2" />
            {module.project && (
              <p className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm">
                <span className="font-semibold">Проект: </span>
                {typography(module.project)}
              </p>
            )}
          </li>
        ))}
      </ol>
    </PageSection>
  );
}
