'use client';

import Image from 'next/image';
import type { PromoPopupContent } from '@/content/popups';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DialogDescription, DialogTitle } from '@/components/ui/dialog';

/** The promo pop-up: image, heading, text and the link to the messenger channel in a new tab. */
export function PromoPopup({ content, onAction }: { content: PromoPopupContent; onAction: () => void }) {
  return (
    <>
      <Image
        src={content.image.src}
        width={content.image.width}
        height={content.image.height}
        alt={content.image.alt}
        sizes="(max-width: 462px) calc(100vw - 5rem), 366px"
        className="mb-5 h-auto w-full rounded-xl"
      />
      <DialogTitle>{content.heading}</DialogTitle>
      <DialogDescription>{content.text}</DialogDescription>
      <a href={content.actionHref} target="_blank" rel="noopener noreferrer" onClick={onAction} className={cn(buttonClasses({ size: 'lg' }), 'mt-6 w-full')}>
        {content.actionLabel}
      </a>
    </>
  );
}
