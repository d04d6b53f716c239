import { site } from '@/content/site';

/**
 * The 404 page. As the root layout's not-found boundary, this tree rides along in the payload of every
 * page of the site (React keeps it ready), so it stays small: the school's name leads home, then the
 * message and two ways on, without the full header and footer that every page would otherwise carry twice.
 */
export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <a href="/" className="text-lg font-bold text-brand-700">
        {site.name}
      </a>
      <p className="mt-16 text-6xl font-bold text-brand-600">404</p>
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
  );
}
