import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';

export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-3xl px-4 py-24 text-center">
        <p className="text-6xl font-bold text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-bold">Страница не найдена</h1>
        <p className="mt-3 text-gray-600">Возможно, ссылка устарела или в адресе опечатка.</p>
        <p className="mt-8 flex justify-center gap-4">
          <a href="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            На главную
          </a>
          <a href="/products" className="rounded-lg border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-50">
            Все курсы
          </a>
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
