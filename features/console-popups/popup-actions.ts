'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { applyPopupForm, type PopupForm, type PopupProblem } from '@/lib/popups/edit-check';
import { publicPopup, type PublicPopup } from '@/lib/popups/managed';
import { requireOperator } from '@/server/admin/session';
import { popupCheckSite } from '@/server/popups/site';
import { editedPopup } from './edited-popup';

/** What the pop-up form shows after a save: the typed values stay, problems sit beside their fields. */
export interface PopupFormState {
  form: PopupForm;
  /** The version the form was read at (the next save expects it). */
  version: number;
  problems: PopupProblem[];
  outcome: 'invalid' | 'conflict' | 'not_found' | null;
}

const version = z.coerce.number().int().positive();

function readForm(form: FormData): PopupForm {
  const text = (name: string) => String(form.get(name) ?? '');
  const fields: PopupForm = {
    enabled: form.get('enabled') === 'on',
    headline: text('headline'),
    text: text('text'),
    buttonLabel: text('buttonLabel'),
    delaySeconds: text('delaySeconds'),
    includePaths: text('includePaths'),
    excludePaths: text('excludePaths'),
    startsAt: text('startsAt'),
    endsAt: text('endsAt'),
  };
  if (form.has('price')) fields.price = text('price');
  if (form.has('oldPrice')) fields.oldPrice = text('oldPrice');
  return fields;
}

/** «Сохранить»: checks, then stores a new version unless someone saved meanwhile; audited. */
export async function savePopupAction(previous: PopupFormState, data: FormData): Promise<PopupFormState> {
  const { runtime, email, id, popup } = await editedPopup(data);
  const form = readForm(data);
  const expected = version.safeParse(data.get('version'));
  if (!popup || !expected.success) return { ...previous, form, problems: [], outcome: 'not_found' };
  const checked = applyPopupForm(popup.config, form, popupCheckSite());
  if (!checked.config) return { form, version: expected.data, problems: checked.problems, outcome: 'invalid' };
  const result = await runtime.repos.popups.save(id, checked.config, { expectedVersion: expected.data, actor: email, now: Date.now() });
  if (!result.saved) return { form, version: expected.data, problems: [], outcome: result.reason };
  await runtime.repos.audit.record({ actor: email, action: 'popup_save', subject: id, details: { version: result.version, changes: result.changes } });
  revalidatePath('/admin/popups');
  // The page again, with the saved version's values and its confirmation.
  redirect(`/admin/popups/${id}?saved=${result.version}`);
}

/**
 * «Вернуть эту версию»: the chosen version's pop-up becomes current, as a new version; audited. The page
 * comes back saying what happened: restored, or refused because someone changed the pop-up meanwhile.
 */
export async function rollbackPopupAction(data: FormData): Promise<void> {
  const { runtime, email } = await requireOperator();
  const id = String(data.get('id') ?? '');
  const target = version.safeParse(data.get('target'));
  const expected = version.safeParse(data.get('version'));
  const result =
    target.success && expected.success
      ? await runtime.repos.popups.rollback(id, target.data, { expectedVersion: expected.data, actor: email, now: Date.now() })
      : ({ saved: false } as const);
  if (result.saved) {
    await runtime.repos.audit.record({ actor: email, action: 'popup_rollback', subject: id, details: { version: result.version, restoredFrom: target.data } });
    revalidatePath('/admin/popups');
  }
  redirect(`/admin/popups/${encodeURIComponent(id)}?${result.saved ? `restored=${result.version}` : 'restore=refused'}`);
}

/** «Предпросмотр»: the unsaved pop-up as a page would show it, or the problems that stop it. Stores nothing. */
export async function previewPopupAction(data: FormData): Promise<{ popup: PublicPopup | null; problems: PopupProblem[] }> {
  const { id, popup } = await editedPopup(data);
  if (!popup) return { popup: null, problems: [] };
  const checked = applyPopupForm(popup.config, readForm(data), popupCheckSite());
  if (!checked.config) return { popup: null, problems: checked.problems };
  return { popup: publicPopup(id, { ...checked.config, showDelayMs: 0 }), problems: [] };
}
