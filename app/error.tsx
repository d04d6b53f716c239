'use client';

import { ErrorContacts } from '@/components/layout/error-contacts';

/**
 * A page that failed while rendering in the browser (or on the server): said in Russian, with a way to
 * try again and the school's contacts, inside the site's root layout (its fonts and styles).
 */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-24">
      <h1 className="text-2xl font-bold">Что-то пошло не так</h1>
      <p className="mt-3 text-gray-700">
        Страница не загрузилась до конца — чаще всего из-за связи. Попробуйте ещё раз или свяжитесь с нами: мы поможем выбрать курс и оставим заявку за вас.
      </p>
      <p className="mt-6 flex flex-wrap gap-3">
        <button type="button" onClick={reset} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          Попробовать ещё раз
        </button>
        {/* A full load (not a client-side move) also brings code that a deploy may have replaced. */}
        <a href="/" className="rounded-lg border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-50">
          На главную
        </a>
      </p>
      <ErrorContacts />
    </main>
  );
}
