import { TextCards } from '@/components/content/text-cards';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { PageHero } from '@/components/content/page-hero';
import { PageSection } from '@/components/content/page-section';
import { cooperationIntro, hiringSteps, hrEmail, partnerships, partnersEmail, type Vacancy, vacancies } from '@/content/pages/cooperation';
import { formatRub } from '@/lib/money';
import { typography } from '@/lib/typography';

/** /cooperation: offers for companies and the open vacancies, each with a ready e-mail link to apply. */
export function CooperationPage() {
  return (
    <>
      <PageHero eyebrow="Работа и партнёрство" title={cooperationIntro.title} lead={cooperationIntro.lead}>
        <a href="#vacancies" className="font-semibold text-brand-700 underline underline-offset-2">
          Открытые вакансии: {vacancies.length}
        </a>
      </PageHero>
      <PageSection id="partners" title="Компаниям и экспертам">
        <TextCards items={partnerships} className="grid gap-6 md:grid-cols-3" cardClassName="rounded-2xl border border-gray-200 p-6" />
        <p className="mt-6 text-lg">
          Пишите на{' '}
          <a href={`mailto:${partnersEmail}`} className="font-semibold text-brand-700 underline underline-offset-2">
            {partnersEmail}
          </a>{' '}
          — ответим в течение двух рабочих дней.
        </p>
      </PageSection>
      <PageSection id="vacancies" title="Вакансии" intro={typography('Все вакансии открыты для удалённой работы из любого города России.')} tone="muted">
        <ul className="grid gap-6">
          {vacancies.map((vacancy) => (
            <li key={vacancy.id}>
              <VacancyCard vacancy={vacancy} />
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="hiring" title="Как мы нанимаем">
        <ol className="grid gap-4 md:grid-cols-4">
          {hiringSteps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-gray-200 p-5">
              <p aria-hidden="true" className="text-sm font-bold text-brand-600">
                {index + 1}
              </p>
              <h3 className="font-bold">{step.title}</h3>
              <p className="mt-1 text-gray-700">{typography(step.text)}</p>
            </li>
          ))}
        </ol>
      </PageSection>
    </>
  );
}

function salaryText({ from, to }: Vacancy['salary']): string {
  return to === undefined ? `от ${formatRub(from)}` : `${formatRub(from)} — ${formatRub(to)}`;
}

function VacancyCard({ vacancy }: { vacancy: Vacancy }) {
  const lists: [string, readonly string[]][] = [
    ['Чем предстоит заниматься', vacancy.duties],
    ['Что для нас важно', vacancy.requirements],
    ['Будет плюсом', vacancy.niceToHave],
    ['Что мы предлагаем', vacancy.conditions],
  ];
  return (
    <article id={vacancy.id} aria-labelledby={`${vacancy.id}-title`} className="scroll-mt-20 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-100 md:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 id={`${vacancy.id}-title`} className="text-xl font-bold">
            {vacancy.title}
          </h3>
          <p className="mt-1 text-gray-600">{typography(vacancy.team)}</p>
        </div>
        <p className="text-lg font-bold">
          {salaryText(vacancy.salary)} <span className="text-sm font-normal text-gray-500">в месяц до вычета НДФЛ</span>
        </p>
      </div>
      <p className="mt-2 text-sm text-gray-600">
        {typography(vacancy.employment)} · {typography(vacancy.location)}
      </p>
      <p className="mt-4 text-lg">{typography(vacancy.summary)}</p>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold text-brand-700">Подробнее о вакансии</summary>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          {lists
            .filter(([, items]) => items.length > 0)
            .map(([title, items]) => (
              <div key={title}>
                <h4 className="font-bold">{title}</h4>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-gray-800">
                  {items.map((item) => (
                    <li key={item}>{typography(item)}</li>
                  ))}
                </ul>
              </div>
            ))}
        </div>
      </details>
      <a href={`mailto:${hrEmail}?subject=${encodeURIComponent(`Отклик на вакансию «${vacancy.title}»`)}`} className={cn(buttonClasses(), 'mt-6')}>
        Откликнуться
        <span className="sr-only"> на вакансию «{vacancy.title}»</span>
      </a>
    </article>
  );
}
