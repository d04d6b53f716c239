'use client';

import { useActionState } from 'react';
import { ui } from '@/components/console/ui';
import { saveGiftWindowAction, type GiftWindowState } from './gift-actions';
import { giftWindowStateText, isRefusal, type GiftNames } from './gift-labels';

export interface GiftWindowDraft {
  id: number;
  giftNumber: number;
  /** `2026-12-20T10:00`, Moscow time. */
  start: string;
  end: string;
}

/** Adds a window, or edits `draft` when given: the gift chosen by its name, times typed and shown in Moscow time. */
export function GiftWindowForm({ draft, giftNames }: { draft: GiftWindowDraft | null; giftNames: GiftNames }) {
  const [state, action, pending] = useActionState<GiftWindowState, FormData>(saveGiftWindowAction, { outcome: null });
  const field = 'flex flex-col gap-1 text-sm';
  return (
    <form action={action} className="mb-6 flex flex-wrap items-end gap-3" aria-label={draft ? `Изменить окно «${giftNames[draft.giftNumber]}»` : 'Новое окно'}>
      {draft && <input type="hidden" name="id" value={draft.id} />}
      <label className={field}>
        Подарок
        <select name="gift" required defaultValue={draft?.giftNumber ?? ''} className={`${ui.input} max-w-md`}>
          <option value="" disabled>
            выберите подарок
          </option>
          {Object.entries(giftNames).map(([number, name]) => (
            <option key={number} value={number}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        Начало (МСК)
        <input name="start" type="datetime-local" required defaultValue={draft?.start} className={ui.input} />
      </label>
      <label className={field}>
        Конец (МСК)
        <input name="end" type="datetime-local" required defaultValue={draft?.end} className={ui.input} />
      </label>
      <button type="submit" disabled={pending} className={ui.primaryButton}>
        {draft ? 'Сохранить' : 'Добавить окно'}
      </button>
      <p aria-live="polite" className={`basis-full text-sm ${isRefusal(state) ? 'text-red-700' : ''}`}>
        {giftWindowStateText(state, giftNames)}
      </p>
    </form>
  );
}
