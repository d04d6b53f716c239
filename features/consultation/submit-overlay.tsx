'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { MessengerLink } from '@/components/layout/contact-links';
import { contacts } from '@/content/site';

export type SubmitOutcome = 'success' | 'error';

const messengerLinkClasses = 'rounded-lg px-3 py-1.5 font-medium text-white';

/**
 * What the popover shows in its form's place after a submit. Success replaces the sent
 * (and reset) form; an error lies over the form, which stays behind it. The title takes focus, so
 * keyboard and screen-reader users land on the news.
 */
export function SubmitOverlay({ outcome, onRetry }: { outcome: SubmitOutcome; onRetry?: () => void }) {
  if (outcome === 'success') {
    return (
      <OverlayFrame role="status" title="Успешно!" titleClassName="text-green-700" className="min-h-72">
        <p className="text-gray-700">Заявка отправлена. Мы позвоним вам {contacts.callHoursPhrase}.</p>
      </OverlayFrame>
    );
  }
  return (
    <OverlayFrame role="alert" title="Ошибка при отправке" titleClassName="text-red-700" className="absolute inset-0 bg-white">
      <p className="text-gray-700">Напишите нам в мессенджер или перезагрузите страницу и отправьте заявку ещё раз.</p>
      <p className="flex flex-wrap justify-center gap-3">
        <MessengerLink messenger="whatsapp" className={cn(messengerLinkClasses, 'bg-green-700 hover:bg-green-800')}>
          Написать в WhatsApp
        </MessengerLink>
        <MessengerLink messenger="telegram" className={cn(messengerLinkClasses, 'bg-sky-700 hover:bg-sky-800')}>
          Написать в Telegram
        </MessengerLink>
      </p>
      {onRetry && (
        // The typed values wait behind the overlay; a second press sends them with the same idempotency
        // key, so a lead whose answer was lost is never stored twice.
        <button type="button" onClick={onRetry} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Попробовать ещё раз
        </button>
      )}
      <button type="button" onClick={() => window.location.reload()} className="text-brand-700 underline underline-offset-2 hover:text-brand-600">
        Перезагрузить страницу
      </button>
    </OverlayFrame>
  );
}

function OverlayFrame({
  role,
  title,
  titleClassName,
  className,
  children,
}: {
  role: 'status' | 'alert';
  title: string;
  titleClassName: string;
  className: string;
  children: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <div role={role} className={cn('flex flex-col items-center justify-center gap-3 p-4 text-center', className)}>
      <h3 ref={titleRef} tabIndex={-1} className={cn('text-2xl font-bold outline-none', titleClassName)}>
        {title}
      </h3>
      {children}
    </div>
  );
}
