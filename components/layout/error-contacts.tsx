import { contacts } from '@/content/site';
import { MessengerLink, PhoneLink, inlineContactLink } from './contact-links';

/** The school's contacts on an error page: whatever broke, the visitor can still reach us. */
export function ErrorContacts() {
  return (
    <ul className="mt-6 grid gap-2 text-base">
      <li>
        Телефон: <PhoneLink className={inlineContactLink} /> <span className="text-gray-600">({contacts.workTime})</span>
      </li>
      <li>
        Мессенджеры: <MessengerLink messenger="whatsapp" className={inlineContactLink} />, <MessengerLink messenger="telegram" className={inlineContactLink} />
      </li>
      <li>
        Почта:{' '}
        <a href={`mailto:${contacts.supportEmail}`} className={inlineContactLink}>
          {contacts.supportEmail}
        </a>
      </li>
    </ul>
  );
}
