'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { applyPopupForm, formOf, popupProblemOfPrice, type PopupForm, type PopupProblem } from '@/lib/popups/edit-check';
import { publicPopup, type ManagedPopupConfig, type PublicPopup } from '@/lib/popups/managed';
import { resolvePopupPrices } from '@/lib/popups/prices';
import { answered } from '@/server/admin/action-steps';
import { operatorAction } from '@/server/admin/operator-action';
import { popupCheckSite } from '@/server/popups/site';

/** What the pop-up form shows after a save: the typed values stay, problems sit beside their fields (popup-labels.ts words them). */
export interface PopupFormState {
  form: PopupForm;
  /** The version the form was read at (the next save expects it). */
  version: number;
  problems: PopupProblem[];
  outcome: 'invalid' | 'conflict' | 'not_found' | null;
}

/** «Предпросмотр»: the pop-up as a page would show it, or the problems that stop it. */
export interface PopupPreview {
  popup: PublicPopup | null;
  problems: PopupProblem[];
}

const version = z.coerce.number().int().positive();
const typed = z.string().default('');
/** The pop-up form: its id, the version it was read at (none when unreadable) and the fields as typed; the prices only on a gift pop-up. */
const popupForm = z
  .object({
    id: typed,
    version: version.optional().catch(undefined),
    enabled: z
      .string()
      .optional()
      .transform((checked) => checked === 'on'),
    headline: typed,
    text: typed,
    buttonLabel: typed,
    delaySeconds: typed,
    includePaths: typed,
    excludePaths: typed,
    startsAt: typed,
    endsAt: typed,
    price: z.string().optional(),
    oldPrice: z.string().optional(),
  })
  .transform(({ id, version: read, price, oldPrice, ...fields }) => {
    const form: PopupForm = { ...fields };
    if (price !== undefined) form.price = price;
    if (oldPrice !== undefined) form.oldPrice = oldPrice;
    return { id, version: read, form };
  });
const blankForm: PopupForm = {
  enabled: false,
  headline: '',
  text: '',
  buttonLabel: '',
  delaySeconds: '',
  includePaths: '',
  excludePaths: '',
  startsAt: '',
  endsAt: '',
};

/** The fields of the pop-up's form whose values differ between two versions. */
function changedFields(before: ManagedPopupConfig, after: ManagedPopupConfig): string[] {
  const [was, is] = [formOf(before), formOf(after)];
  return (Object.keys(is) as (keyof PopupForm)[]).filter((key) => was[key] !== is[key]);
}

/** «Сохранить»: checks, then stores a new version unless someone saved meanwhile; audited. */
export const savePopupAction = operatorAction({
  input: popupForm,
  invalid: (): PopupFormState => ({ form: blankForm, version: 0, problems: [], outcome: 'not_found' }),
  async prepare({ id, version: expected, form }, { runtime }) {
    const popup = await runtime.repos.popups.get(id);
    if (!popup || expected === undefined) return answered<PopupFormState>({ form, version: expected ?? 0, problems: [], outcome: 'not_found' });
    const checked = applyPopupForm(popup.config, form, await popupCheckSite());
    if (!checked.config) return answered<PopupFormState>({ form, version: expected, problems: checked.problems, outcome: 'invalid' });
    return { id, expected, form, config: checked.config, fields: changedFields(popup.config, checked.config) };
  },
  write: ({ id, expected, config }, trx, { runtime, email, now }) =>
    runtime.repos.popups.save(id, config, { expectedVersion: expected, actor: email, now }, trx),
  // `fields`: the form's fields that changed (the journal names them: «Изменён поп-ап «…»: заголовок»); `enabled`: the switch, when it moved.
  audit: (result, { id, config, fields }) =>
    result.saved
      ? {
          action: 'popup_save',
          subject: id,
          details: { version: result.version, changes: result.changes, fields, ...(fields.includes('enabled') ? { enabled: config.enabled } : {}) },
        }
      : null,
  answer(result, { id, expected, form }): PopupFormState {
    if (!result.saved) return { form, version: expected, problems: [], outcome: result.reason };
    revalidatePath('/admin/popups');
    // The page again, with the saved version's values and its confirmation.
    redirect(`/admin/popups/${id}?saved=${result.version}`);
  },
});

/**
 * «Вернуть эту версию»: the chosen version's pop-up becomes current, as a new version; audited. The page
 * comes back saying what happened: restored, or refused because someone changed the pop-up meanwhile.
 */
export const rollbackPopupAction = operatorAction({
  input: z.object({ id: typed, target: version.optional().catch(undefined), version: version.optional().catch(undefined) }),
  async prepare({ id, target, version: expected }) {
    if (target === undefined || expected === undefined) redirect(`/admin/popups/${encodeURIComponent(id)}?restore=refused`);
    return { id, target, expected };
  },
  write: ({ id, target, expected }, trx, { runtime, email, now }) =>
    runtime.repos.popups.rollback(id, target, { expectedVersion: expected, actor: email, now }, trx),
  audit: (result, { id, target }) =>
    result.saved ? { action: 'popup_rollback', subject: id, details: { version: result.version, restoredFrom: target } } : null,
  answer(result, { id }) {
    if (result.saved) revalidatePath('/admin/popups');
    redirect(`/admin/popups/${encodeURIComponent(id)}?${result.saved ? `restored=${result.version}` : 'restore=refused'}`);
  },
});

/** «Предпросмотр»: the unsaved pop-up as a page would show it, or the problems that stop it. Stores nothing. */
export const previewPopupAction = operatorAction({
  input: popupForm,
  invalid: (): PopupPreview => ({ popup: null, problems: [] }),
  async prepare({ id, form }, { runtime }): Promise<PopupPreview> {
    const popup = await runtime.repos.popups.get(id);
    if (!popup) return { popup: null, problems: [] };
    const site = await popupCheckSite();
    const checked = applyPopupForm(popup.config, form, site);
    if (!checked.config) return { popup: null, problems: checked.problems };
    // With the prices looked up, as a visitor will see them (the check above has found every reference).
    const priced = resolvePopupPrices(checked.config, site.courses);
    if (!priced.config) return { popup: null, problems: priced.problems.map(popupProblemOfPrice) };
    return { popup: publicPopup(id, { ...priced.config, showDelayMs: 0 }), problems: [] };
  },
  answer: (_nothing, preview) => preview,
});
