import { contacts } from '@/content/site';
import { typography } from '@/lib/typography';

/**
 * The heading and description of a page's lead-form section, with the other ways to reach the school
 * for visitors who would rather call or write.
 */
export function LeadFormIntro({ heading, description }: { heading: string; description: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <div className="max-w-2xl">
        <h2 className="text-3xl font-bold">{typography(heading)}</h2>
        <p className="mt-3 text-lg text-gray-600">{typography(description)}</p>
        <p className="mt-6 text-gray-700">
          Удобнее позвонить или написать? Звоните{' '}
          <a href={contacts.phone.href} className="font-semibold text-brand-700 underline underline-offset-2">
            {contacts.phone.display}
          </a>{' '}
          ({contacts.workTime}) или пишите в{' '}
          <a href={contacts.telegram} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline underline-offset-2">
            Telegram
          </a>{' '}
          и{' '}
          <a href={contacts.whatsapp} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline underline-offset-2">
            WhatsApp
          </a>
          .
        </p>
      </div>
    </div>
  );
}
