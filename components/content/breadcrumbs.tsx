import type { BreadcrumbList, WithContext } from 'schema-dts';
import { site } from '@/content/site';
import { absoluteUrl } from '@/lib/json-ld';
import { JsonLd } from './json-ld';

interface Crumb {
  label: string;
  href: string;
}

/** The schema.org form of the visible trail, so search results show the same path the visitor sees. */
function breadcrumbList(crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(site.url, crumb.href),
    })),
  };
}

/** The trail from the home page to the current page (the last crumb), plus the same trail as structured data. */
export function Breadcrumbs({ trail, className = 'text-sm text-gray-500' }: { trail: Crumb[]; className?: string }) {
  const crumbs = [{ label: 'Главная', href: '/' }, ...trail];
  return (
    <nav aria-label="Хлебные крошки" className={className}>
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
                <a href={crumb.href} className="hover:text-brand-700 hover:underline">
                  {crumb.label}
                </a>
              )}
            </li>
          );
        })}
      </ol>
      <JsonLd data={breadcrumbList(crumbs)} />
    </nav>
  );
}
