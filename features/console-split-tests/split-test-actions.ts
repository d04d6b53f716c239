'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { checkVariant, MAX_VARIANTS, textsOf, withTexts, type VariantProblem, type VariantTexts } from '@/lib/experiments/variants';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { requireOperator } from '@/server/admin/session';
import { planTest } from '@/server/split-tests/report';
import { editedPopup } from './edited-popup';

/** The variants form after a save: the typed texts stay, problems sit beside their fields. */
export interface VariantsFormState {
  variants: VariantTexts[];
  problems: VariantProblem[];
  outcome: 'invalid' | 'conflict' | 'not_found' | 'running' | null;
}

const whole = z.coerce.number().int().nonnegative();
const pageOf = (id: string, query: string) => `/admin/popups/${encodeURIComponent(id)}?${query}`;

function readVariants(data: FormData): VariantTexts[] {
  const count = Math.min(MAX_VARIANTS - 1, whole.catch(0).parse(data.get('count')));
  const text = (name: string) => String(data.get(name) ?? '');
  // Variant 1 is B: A is the pop-up's own texts.
  return Array.from({ length: count }, (_, i) => ({ headline: text(`headline-${i + 1}`), text: text(`text-${i + 1}`), buttonLabel: text(`buttonLabel-${i + 1}`) }));
}

/** «Сохранить варианты»: B, C, D checked like the pop-up's own texts, stored as a new version; audited. */
export async function saveVariantsAction(previous: VariantsFormState, data: FormData): Promise<VariantsFormState> {
  const { runtime, email, id, popup } = await editedPopup(data);
  const variants = readVariants(data);
  const expected = whole.safeParse(data.get('version'));
  if (!popup || !expected.success) return { variants, problems: [], outcome: 'not_found' };
  if ((await runtime.repos.splitTests.forPopup(id)).some((test) => test.status === 'running')) return { variants, problems: [], outcome: 'running' };
  const problems = variants.flatMap((texts, i) => checkVariant(texts, i + 1));
  if (problems.length > 0) return { variants, problems, outcome: 'invalid' };
  const trimmed = variants.map((v) => ({ headline: v.headline.trim(), text: v.text.trim(), buttonLabel: v.buttonLabel.trim() }));
  const result = await runtime.repos.popups.save(id, { ...popup.config, variants: trimmed }, { expectedVersion: expected.data, actor: email, now: Date.now() });
  if (!result.saved) return { variants, problems: [], outcome: result.reason };
  await runtime.repos.audit.record({ actor: email, action: 'popup_variants_save', subject: id, details: { version: result.version, variants: trimmed.length + 1 } });
  redirect(pageOf(id, `saved=${result.version}`));
}

/** «Начать тест»: A (the pop-up's texts) and the saved variants, an equal split; audited. */
export async function startTestAction(data: FormData): Promise<void> {
  const { runtime, email, id, popup } = await editedPopup(data);
  if (!popup) redirect(pageOf(id, 'test=not_found'));
  if (popup.config.formConfig === null) redirect(pageOf(id, 'test=not_form'));
  const variants = [textsOf(popup.config.content), ...(popup.config.variants ?? [])];
  if (variants.length < 2) redirect(pageOf(id, 'test=no_variants'));
  const now = Date.now();
  const plan = await planTest(runtime.repos, id, variants.length, now);
  const started = await runtime.repos.splitTests.start(id, variants, { plannedShows: plan.plannedShows, actor: email, now });
  if (!started.started) redirect(pageOf(id, 'test=running'));
  await runtime.repos.audit.record({
    actor: email,
    action: 'popup_test_start',
    subject: id,
    details: { test: started.test.id, variants: variants.length, plannedShows: plan.plannedShows },
  });
  revalidatePath('/admin/popups');
  redirect(pageOf(id, 'test=started'));
}

/** «Остановить тест»: ends it, the pop-up keeps its texts (A); audited. */
export async function stopTestAction(data: FormData): Promise<void> {
  const { runtime, email } = await requireOperator();
  const id = String(data.get('id') ?? '');
  const testId = String(data.get('test') ?? '');
  const stopped = await runtime.repos.splitTests.stop(testId, { actor: email, now: Date.now() });
  if (stopped) await runtime.repos.audit.record({ actor: email, action: 'popup_test_stop', subject: id, details: { test: testId } });
  redirect(pageOf(id, stopped ? 'test=stopped' : 'test=not_running'));
}

/** «Оставить вариант B»: ends the test and makes B the pop-up's only texts (a new version); audited. */
export async function decideTestAction(data: FormData): Promise<void> {
  const { runtime, email } = await requireOperator();
  const id = String(data.get('id') ?? '');
  const testId = String(data.get('test') ?? '');
  const variant = whole.safeParse(data.get('variant'));
  const [test, popup] = await Promise.all([runtime.repos.splitTests.get(testId), runtime.repos.popups.get(id)]);
  const texts = variant.success ? test?.variants[variant.data] : undefined;
  if (!test || !popup || test.popupId !== id || test.status !== 'running' || !texts || !variant.success) redirect(pageOf(id, 'test=not_running'));
  const now = Date.now();
  if (!(await runtime.repos.splitTests.stop(testId, { actor: email, now, winner: variant.data }))) redirect(pageOf(id, 'test=not_running'));
  const saved = await runtime.repos.popups.save(id, { ...popup.config, content: withTexts(popup.config.content, texts), variants: [] } as ManagedPopupConfig, { expectedVersion: popup.version, actor: email, now });
  await runtime.repos.audit.record({
    actor: email,
    action: 'popup_test_decide',
    subject: id,
    details: { test: testId, variant: variant.data, version: saved.saved ? saved.version : null },
  });
  revalidatePath('/admin/popups');
  redirect(pageOf(id, saved.saved ? 'test=decided' : 'test=decided_conflict'));
}
