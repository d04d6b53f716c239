import Link from 'next/link';
import { signOut } from './auth-actions';
import { ui } from '@/components/console/ui';

const sections = [
  { href: '/admin', label: 'Обзор' },
  { href: '/admin/leads', label: 'Заявки' },
  { href: '/admin/campaigns', label: 'Кампании' },
  { href: '/admin/popups', label: 'Поп-апы' },
  { href: '/admin/page-tests', label: 'Тесты страниц' },
  { href: '/admin/learned', label: 'Что мы узнали' },
  { href: '/admin/speed', label: 'Скорость сайта' },
  { href: '/admin/prices', label: 'Цены' },
  { href: '/admin/gift-windows', label: 'Окна подарков' },
  { href: '/admin/articles', label: 'Статьи' },
  { href: '/admin/events', label: 'События' },
  { href: '/admin/publications', label: 'Публикации' },
  { href: '/admin/notifications', label: 'Уведомления' },
  { href: '/admin/operators', label: 'Операторы' },
  { href: '/admin/audit', label: 'Журнал' },
];

export function ConsoleNav({ email }: { email: string }) {
  return (
    <header className="border-b border-gray-300 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <span className="font-semibold">Консоль</span>
        <nav aria-label="Разделы консоли">
          {/* Wraps onto more lines on a phone rather than run off its right edge. */}
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {sections.map((section) => (
              <li key={section.href}>
                <Link href={section.href} className={ui.link}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <form action={signOut} className="ml-auto flex items-center gap-3 text-sm">
          <span>{email}</span>
          <button type="submit" className={ui.button}>
            Выйти
          </button>
        </form>
      </div>
    </header>
  );
}
