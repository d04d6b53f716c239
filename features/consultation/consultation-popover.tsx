'use client';

import * as Popover from '@radix-ui/react-popover';
import { useRef, useState } from 'react';
import { CloseIcon } from '@/components/ui/close-icon';
import { MessengerLink, PhoneLink } from '@/components/layout/contact-links';
import { contacts } from '@/content/site';
import { ConsultationForm } from './lazy-form';
import { ConsultationTrigger } from './trigger';

/**
 * The consultation popover, loaded when its button is first pressed and mounted open: a
 * non-modal Radix popover with a short lead form and the school's contacts. The button toggles it;
 * Escape, a click outside or tabbing away close it, and it opens with a fresh form each time. The name
 * field takes focus once the form is there; until then the panel holds it.
 */
export default function ConsultationPopover() {
  const [open, setOpen] = useState(true);
  const panelRef = useRef<HTMLDivElement>(null);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <ConsultationTrigger open={open} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="end"
          sideOffset={12}
          collisionPadding={16}
          aria-labelledby="consultation-title"
          ref={panelRef}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            panelRef.current?.focus();
          }}
          className="relative z-40 max-h-[var(--radix-popover-content-available-height)] w-[min(24rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-gray-100 bg-white p-5 text-sm shadow-2xl outline-none"
        >
          <Popover.Close aria-label="Закрыть" className="absolute right-2 top-2 rounded-full p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900">
            <CloseIcon className="size-4" />
          </Popover.Close>
          <h2 id="consultation-title" className="pr-8 text-xl font-bold">
            Поможем разобраться
          </h2>
          <p className="mt-1 text-gray-700">Оставьте заявку — перезвоним, ответим на вопросы о курсах и сделаем подарок к старту обучения.</p>
          <div className="mt-4">
            <ConsultationForm />
          </div>
          <ContactLinks />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function ContactLinks() {
  return (
    <div className="mt-4 border-t border-gray-100 pt-4">
      <PhoneLink className="text-base font-semibold hover:text-brand-700" />
      <p className="mt-1 text-xs text-gray-600">Работаем {contacts.workTime}</p>
      <p className="mt-3 flex gap-3">
        <MessengerLink messenger="whatsapp" className="rounded-lg bg-green-700 px-3 py-1.5 font-medium text-white hover:bg-green-800" />
        <MessengerLink messenger="telegram" className="rounded-lg bg-sky-700 px-3 py-1.5 font-medium text-white hover:bg-sky-800" />
      </p>
    </div>
  );
}
