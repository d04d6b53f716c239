import Link from 'next/link';
import { site } from '@/content/site';

export interface Crumb {
  label: string;
  href: string;
}

/**
 * The trail from the home page to the current page (the last crumb), plus the same trail as
 * schema.org data for search engines.
 */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const crumbs = [{ label: 'Главная', href: '/' }, ...trail];
  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: `${site.url}${crumb.href === '/' ? '' : crumb.href}`,
    })),
  };
  return (
    <nav aria-label="Хлебные крошки" className="text-sm text-gray-500">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <li key={crumb.href} className="flex items-center gap-2">
              {index > 0 && <span aria-hidden="true">/</span>}
              {current ? (
                <span aria-current="page" className="text-gray-700">
                  {crumb.label}
                </span>
              ) : (
                <Link href={crumb.href} className="hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
      <script
        type="application/ld+json"
        // JSON inside a script element: "<" is escaped so no text can close the element early.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData).replace(/</g, '\\u003c') }}
      />
    </nav>
  );
}
