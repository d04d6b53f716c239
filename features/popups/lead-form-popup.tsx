'use client';

import { useEffect, useRef, useState } from 'react';
import type { LeadFormPopupConfig } from '@/content/popups';
import { LeadForm } from '@/components/lead-form';
import { DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatRub } from '@/lib/money';

export const popupSuccessTitle = 'Ваша заявка отправлена!';

/**
 * The lead-form pop-up: the shared discount form or the gift variant. The lead goes through
 * our back end as an ajax form (`formConfig.formId`); the submit flow pushes the config's analytics
 * event. After a successful submit the whole panel turns into the success title.
 */
export function LeadFormPopup({
  formConfig,
  content,
  onSubmitted,
  preview = false,
  blockId = 'popup',
}: Pick<LeadFormPopupConfig<number>, 'formConfig' | 'content'> & { onSubmitted: () => void; preview?: boolean; blockId?: string }) {
  const [submitted, setSubmitted] = useState(false);

  if (submitted) return <PopupSuccess gift={content.kind === 'gift'} />;

  return (
    <>
      <DialogTitle>{content.title}</DialogTitle>
      {content.kind === 'gift' ? (
        <DialogDescription className="mt-3">
          <span className="mr-2 text-3xl font-bold text-ink">{formatRub(content.offer.price)}</span>
          <span className="sr-only">вместо</span>
          <s className="text-lg text-gray-500">{formatRub(content.offer.oldPrice)}</s> <span className="block">{content.offer.condition}</span>
        </DialogDescription>
      ) : (
        <DialogDescription>{content.text}</DialogDescription>
      )}
      {/* The console's preview shows the real form, disabled: trying a text must never file a lead in GetCourse. */}
      <fieldset disabled={preview} className="contents">
        <LeadForm
          config={formConfig}
          submitLabel={content.submitLabel}
          blockId={blockId}
          className="mt-5"
          onSuccess={() => {
            onSubmitted();
            setSubmitted(true);
          }}
        />
      </fieldset>
      {preview && <p className="mt-3 text-sm text-gray-600">Это предпросмотр: форма здесь не отправляет заявку.</p>}
    </>
  );
}

function PopupSuccess({ gift }: { gift: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // The submit button that had focus is gone: keep focus in the dialog, on the news.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} role="status" tabIndex={-1} className="py-4 text-center outline-none">
      <DialogTitle className="pr-0">{popupSuccessTitle}</DialogTitle>
      <DialogDescription className="mt-3">
        {gift
          ? 'Менеджер свяжется с вами в рабочее время, запишет на курс Junior и откроет доступ к подарку.'
          : 'Менеджер свяжется с вами в рабочее время и закрепит за вами дополнительную скидку.'}
      </DialogDescription>
    </div>
  );
}
