'use client';

import { ErrorContacts } from '@/components/layout/error-contacts';
import { PageLiveMark } from '@/components/lazy/page-live-mark';
import './globals.css';

/**
 * The last resort, when even the root layout failed: it replaces the whole document, so it brings its
 * own <html> and <body>. In Russian, with the school's contacts.
 */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="ru">
      <body className="min-h-dvh bg-white font-sans antialiased">
        <main className="mx-auto max-w-3xl px-4 py-24">
          <h1 className="text-2xl font-bold">Сайт временно не открывается</h1>
          <p className="mt-3 text-gray-700">Попробуйте обновить страницу через минуту или свяжитесь с нами напрямую.</p>
          <p className="mt-6">
            <button type="button" onClick={reset} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
              Обновить
            </button>
          </p>
          <ErrorContacts />
        </main>
        <PageLiveMark />
      </body>
    </html>
  );
}
