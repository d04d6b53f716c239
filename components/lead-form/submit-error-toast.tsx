'use client';

import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';
import { contacts } from '@/content/site';

export const SUBMIT_ERROR_TITLE = 'Ошибка';
export const SUBMIT_ERROR_TEXT = 'Что-то пошло не так при отправке формы. Пожалуйста, попробуйте ещё раз позже.';

/** The destructive toast for a failed submit, with a way to reach us in the messenger. */
export function showSubmitErrorToast() {
  return toast({
    variant: 'destructive',
    title: SUBMIT_ERROR_TITLE,
    description: SUBMIT_ERROR_TEXT,
    action: (
      <ToastAction asChild altText={`Напишите нам в Telegram: ${contacts.telegram}`}>
        <a href={contacts.telegram} target="_blank" rel="noopener noreferrer">
          Написать в Telegram
        </a>
      </ToastAction>
    ),
  });
}
