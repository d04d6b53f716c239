import { contacts } from '@/content/site';
import { MessengerLink, PhoneLink, inlineContactLink } from '@/components/layout/contact-links';
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
          Удобнее позвонить или написать? Звоните <PhoneLink className={inlineContactLink} /> ({contacts.workTime}) или пишите в{' '}
          <MessengerLink messenger="telegram" className={inlineContactLink} /> и <MessengerLink messenger="whatsapp" className={inlineContactLink} />.
        </p>
      </div>
    </div>
  );
}
