import { JsonLd } from '@/components/content/json-ld';
import { schoolOrganization } from '@/components/content/structured-data';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { FloatingWidgets } from './floating-widgets';

export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Перейти к содержанию
      </a>
      {/* The school on every page, so each page's course or event can name it as provider by @id. */}
      <JsonLd data={schoolOrganization()} />
      <SiteHeader />
      <main id="main">{children}</main>
      <SiteFooter />
      <FloatingWidgets />
    </>
  );
}
