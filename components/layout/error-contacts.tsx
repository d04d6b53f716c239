import { contacts } from '@/content/site';

/** The school's contacts on an error page: whatever broke, the visitor can still reach us. */
export function ErrorContacts() {
  return (
    <ul className="mt-6 grid gap-2 text-base">
      <li>
        Телефон:{' '}
        <a href={contacts.phone.href} className="font-semibold text-brand-700 underline underline-offset-2">
          {contacts.phone.display}
        </a>{' '}
        <span className="text-gray-600">({contacts.workTime})</span>
      </li>
      <li>
        Мессенджеры:{' '}
        <a href={contacts.whatsapp} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline underline-offset-2">
          WhatsApp
        </a>
        ,{' '}
        <a href={contacts.telegram} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline underline-offset-2">
          Telegram
        </a>
      </li>
      <li>
        Почта:{' '}
        <a href={`mailto:${contacts.supportEmail}`} className="font-semibold text-brand-700 underline underline-offset-2">
          {contacts.supportEmail}
        </a>
      </li>
    </ul>
  );
}
