import { AnchorNav, type AnchorLink } from '@/components/content/anchor-nav';
import { company, legalDocuments } from '@/content/pages/docs';
import { site } from '@/content/site';
import { typography } from '@/lib/typography';

/** The table of contents: each document and what it is about. */
const documentLinks: AnchorLink[] = legalDocuments.map((document) => ({
  anchor: document.id,
  label: document.title,
  note: <p className="text-sm text-gray-600">{typography(document.summary)}</p>,
}));

/** /docs: a table of contents and every legal document under its anchor (#privacy, #terms, #offer, #consent). */
export function DocsPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Документы</h1>
      <p className="mt-4 text-lg text-gray-700">
        {typography(
          `Правовые документы ${company.shortName}: как мы обращаемся с персональными данными, правила пользования сайтом и условия договора на обучение.`,
        )}
      </p>
      <AnchorNav label="Список документов" look="box" links={documentLinks} />
      {legalDocuments.map((document) => (
        <article key={document.id} id={document.id} aria-labelledby={`${document.id}-title`} className="mt-16 scroll-mt-20">
          <h2 id={`${document.id}-title`} className="text-2xl font-bold sm:text-3xl">
            {document.title}
          </h2>
          <p className="mt-2 text-sm text-gray-500">{document.updated}</p>
          {document.sections.map((section) => (
            <section key={section.heading} className="mt-8">
              <h3 className="text-lg font-bold">{typography(section.heading)}</h3>
              <div className="mt-3 space-y-3 text-gray-800">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{typography(paragraph)}</p>
                ))}
              </div>
            </section>
          ))}
          <p className="mt-8">
            <a href="#main" className="text-sm text-brand-700 underline underline-offset-2">
              Наверх
            </a>
          </p>
        </article>
      ))}
      <section aria-labelledby="requisites-title" className="mt-16 rounded-2xl border border-gray-200 p-6">
        <h2 id="requisites-title" className="text-xl font-bold">
          Реквизиты
        </h2>
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          <dt className="text-gray-500">Организация</dt>
          <dd>{company.name}</dd>
          <dt className="text-gray-500">ОГРН / ИНН / КПП</dt>
          <dd>
            {company.ogrn} / {company.inn} / {company.kpp}
          </dd>
          <dt className="text-gray-500">Адрес</dt>
          <dd>{company.address}</dd>
          <dt className="text-gray-500">Сайт</dt>
          <dd>{site.url}</dd>
          <dt className="text-gray-500">Лицензия</dt>
          <dd>{typography(company.license)}</dd>
        </dl>
      </section>
    </div>
  );
}
