import Link from 'next/link';
import type { ReactNode } from 'react';
import { ui } from '@/components/console/ui';
import type { ContentKind } from '@/server/repositories/content-entries';

/** A version's page as a visitor would see it, under a strip saying it is a preview and leading back. */
export function VersionPreviewFrame({
  kind,
  slug,
  version,
  problems,
  children,
}: {
  kind: ContentKind;
  slug: string;
  version: number;
  problems: string[];
  children: ReactNode;
}) {
  const back = `${kind === 'article' ? '/admin/articles' : '/admin/events'}/${slug}`;
  return (
    <>
      <div role="note" aria-label="Предпросмотр" className="mb-4 flex flex-wrap items-center gap-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
        <span>Предпросмотр версии {version}: так страницу увидит посетитель. Ссылки и форма на этой странице работают как на сайте.</span>
        <Link href={back} className={ui.link}>
          Вернуться к редактированию
        </Link>
      </div>
      {problems.length > 0 ? (
        <div role="alert" className="text-sm text-red-700">
          <p>Эта версия не может быть показана на сайте:</p>
          <ul className="list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="rounded border border-gray-200 bg-white">{children}</div>
      )}
    </>
  );
}
