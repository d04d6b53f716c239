import type { ReactNode } from 'react';
import { contacts } from '@/content/site';

/** Underlined links of running text (error messages, intros): one look wherever the contacts are offered. */
export const inlineContactLink = 'font-semibold text-brand-700 underline underline-offset-2';

const messengers = { whatsapp: 'WhatsApp', telegram: 'Telegram' } as const;

/** A link to the school's chat in a messenger; it opens in a new tab so the page (and a typed form) stays. */
export function MessengerLink({ messenger, className, children }: { messenger: keyof typeof messengers; className?: string; children?: ReactNode }) {
  return (
    <a href={contacts[messenger]} target="_blank" rel="noopener noreferrer" className={className}>
      {children ?? messengers[messenger]}
    </a>
  );
}

/** The school's phone as a tappable `tel:` link. */
export function PhoneLink({ className }: { className?: string }) {
  return (
    <a href={contacts.phone.href} className={className}>
      {contacts.phone.display}
    </a>
  );
}
