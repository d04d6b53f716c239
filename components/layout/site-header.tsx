import { mainNavigation } from '@/content/navigation';
import { site } from '@/content/site';
import { HeaderTabStrip } from './header-tab-strip';
import { LinkList } from './link-list';

/** The header works without JavaScript: on phones the menu is a native <details> disclosure. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-gray-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <a href="/" className="text-lg font-bold text-brand-700">
          {site.name}
        </a>
        <nav aria-label="Основная навигация" className="hidden md:block">
          <LinkList links={mainNavigation} className="flex gap-6 text-sm font-medium" linkClassName="hover:text-brand-600" />
        </nav>
        <details className="relative md:hidden">
          <summary className="cursor-pointer list-none rounded-md border border-gray-200 px-3 py-1.5 text-sm font-medium">Меню</summary>
          <nav aria-label="Меню" className="absolute right-0 mt-2 w-56 rounded-lg border border-gray-100 bg-white p-2 shadow-lg">
            <LinkList links={mainNavigation} linkClassName="block rounded px-3 py-2 hover:bg-brand-50" />
          </nav>
        </details>
      </div>
      <HeaderTabStrip />
    </header>
  );
}
