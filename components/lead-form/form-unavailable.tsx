import { contacts } from '@/content/site';
import { MessengerLink, PhoneLink, inlineContactLink } from '@/components/layout/contact-links';

export const FORM_UNAVAILABLE_TITLE = 'Не удалось загрузить форму';

/**
 * What stands in a form's place when its code cannot arrive (a lost chunk on a bad network, a deploy in
 * between): say so, and give the school's phone and messengers instead of a form that never wakes up.
 */
export function FormUnavailable() {
  return (
    <div role="alert" data-form-unavailable="" className="grid gap-2 rounded-xl bg-gray-50 p-4 text-sm text-gray-800">
      <p className="text-base font-semibold">{FORM_UNAVAILABLE_TITLE}</p>
      <p>Похоже, связь прервалась. Перезагрузите страницу или свяжитесь с нами напрямую — мы ответим в рабочее время, {contacts.workTime}.</p>
      <p className="flex flex-wrap gap-3">
        <PhoneLink className={inlineContactLink} />
        <MessengerLink messenger="whatsapp" className="font-semibold text-green-800 underline underline-offset-2" />
        <MessengerLink messenger="telegram" className="font-semibold text-sky-800 underline underline-offset-2" />
      </p>
    </div>
  );
}
