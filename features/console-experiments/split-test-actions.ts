'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { resolveTexts } from '@/lib/popups/prices';
import { popupCheckSite } from '@/server/popups/site';
import { checkVariant, MAX_VARIANTS, textsOf, withTexts, type VariantProblem, type VariantTexts } from '@/lib/experiments/variants';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { answered } from '@/server/admin/action-steps';
import { operatorAction } from '@/server/admin/operator-action';
import { keepNeedsConfirmation } from '@/lib/experiments/plain-words';
import { planTest, splitTestView } from '@/server/experiments/report';
import { popupTests } from '@/server/experiments/subjects/popup';

/** The variants form after a save: the typed texts stay, problems sit beside their fields (split-test-labels.ts words them). */
export interface VariantsFormState {
  variants: VariantTexts[];
  problems: VariantProblem[];
  outcome: 'invalid' | 'conflict' | 'not_found' | 'running' | null;
}

const whole = z.coerce.number().int().nonnegative();
const typed = z.string().default('');
/** The pop-up's page, saying what happened (`test=<code>`, worded in split-test-labels.ts) or which version was saved. */
const pageOf = (id: string, query: string) => `/admin/popups/${encodeURIComponent(id)}?${query}`;

/** The variants form: B, C, D as `headline-1`, `text-1`, `buttonLabel-1` and on, `count` of them (A is the pop-up's own texts). */
const variantsForm = z
  .looseObject({ id: typed, version: whole.optional().catch(undefined), count: whole.catch(0) })
  .transform(({ id, version, count, ...fields }) => {
    const text = (name: string) => (typeof fields[name] === 'string' ? fields[name] : '');
    const variants = Array.from({ length: Math.min(MAX_VARIANTS - 1, count) }, (_, i) => ({
      headline: text(`headline-${i + 1}`),
      text: text(`text-${i + 1}`),
      buttonLabel: text(`buttonLabel-${i + 1}`),
    }));
    return { id, version, variants };
  });

/** «Сохранить варианты»: B, C, D checked like the pop-up's own texts, stored as a new version; audited. */
export const saveVariantsAction = operatorAction({
  input: variantsForm,
  invalid: (): VariantsFormState => ({ variants: [], problems: [], outcome: 'not_found' }),
  async prepare({ id, version, variants }, { runtime }) {
    const refused = (outcome: VariantsFormState['outcome'], problems: VariantProblem[] = []) => answered<VariantsFormState>({ variants, problems, outcome });
    const popup = await runtime.repos.popups.get(id);
    if (!popup || version === undefined) return refused('not_found');
    if ((await popupTests(runtime.repos).forPopup(id)).some((test) => test.status === 'running')) return refused('running');
    const problems: VariantProblem[] = variants.flatMap((texts, i) => checkVariant(texts, i + 1));
    // A price reference must name a tariff: a visitor never gets `{цена …}` (lib/popups/prices.ts).
    const { courses } = await popupCheckSite();
    for (const [i, texts] of variants.entries()) {
      for (const problem of resolveTexts(texts, courses, i + 1).problems) {
        problems.push({ variant: i + 1, field: problem.field as keyof VariantTexts, code: 'price_reference', problem: problem.problem });
      }
    }
    if (problems.length > 0) return refused('invalid', problems);
    const trimmed = variants.map((v) => ({ headline: v.headline.trim(), text: v.text.trim(), buttonLabel: v.buttonLabel.trim() }));
    return { id, version, variants, config: { ...popup.config, variants: trimmed } };
  },
  write: ({ id, version, config }, trx, { runtime, email, now }) => runtime.repos.popups.save(id, config, { expectedVersion: version, actor: email, now }, trx),
  audit: (result, { id, config }) =>
    result.saved ? { action: 'popup_variants_save', subject: id, details: { version: result.version, variants: config.variants.length + 1 } } : null,
  answer(result, { id, variants }): VariantsFormState {
    if (!result.saved) return { variants, problems: [], outcome: result.reason };
    redirect(pageOf(id, `saved=${result.version}`));
  },
});

/** A checkbox: present (any value) when ticked. */
const ticked = z.preprocess((value) => value !== undefined && value !== null && value !== '', z.boolean());

/** «Начать тест»: A (the pop-up's texts) and the saved variants, an equal split; «Оставить победителя автоматически» when ticked; audited. */
export const startTestAction = operatorAction({
  input: z.object({ id: typed, autoKeep: ticked }),
  async prepare({ id, autoKeep }, { runtime, now }) {
    const popup = await runtime.repos.popups.get(id);
    if (!popup) redirect(pageOf(id, 'test=not_found'));
    if (popup.config.formConfig === null) redirect(pageOf(id, 'test=not_form'));
    const variants = [textsOf(popup.config.content), ...(popup.config.variants ?? [])];
    if (variants.length < 2) redirect(pageOf(id, 'test=no_variants'));
    const plan = await planTest(runtime.repos, id, variants.length, now);
    return { id, variants, plannedShows: plan.plannedShows, autoKeep };
  },
  write: ({ id, variants, plannedShows, autoKeep }, trx, { runtime, email, now }) =>
    popupTests(runtime.repos).start(id, variants, { plannedShows, actor: email, now, autoKeep }, trx),
  audit: (started, { id, variants, plannedShows, autoKeep }) =>
    started.started ? { action: 'popup_test_start', subject: id, details: { test: started.test.id, variants: variants.length, plannedShows, autoKeep } } : null,
  answer(started, { id }) {
    if (!started.started) redirect(pageOf(id, 'test=running'));
    revalidatePath('/admin/popups');
    redirect(pageOf(id, 'test=started'));
  },
});

/** «Остановить тест»: ends it, the pop-up keeps its texts (A); audited. */
export const stopTestAction = operatorAction({
  input: z.object({ id: typed, test: typed }),
  write: ({ test }, trx, { runtime, email, now }) => popupTests(runtime.repos).stop(test, { actor: email, now }, trx),
  audit: (stopped, { id, test }) => (stopped ? { action: 'popup_test_stop', subject: id, details: { test } } : null),
  answer: (stopped, { id }) => redirect(pageOf(id, stopped ? 'test=stopped' : 'test=not_running')),
});

/**
 * «Оставить вариант B»: ends the test and makes B the pop-up's only texts (a new version), both with their
 * row; audited. A keep the verdict does not back (before a verdict, or another variant than its choice)
 * needs `confirmed`, else the page asks first («Да, оставить вариант B»).
 */
export const decideTestAction = operatorAction({
  input: z.object({ id: typed, test: typed, variant: whole.optional().catch(undefined), confirmed: ticked }),
  async prepare({ id, test: testId, variant, confirmed }, { runtime, now }) {
    const [test, popup] = await Promise.all([popupTests(runtime.repos).get(testId), runtime.repos.popups.get(id)]);
    const texts = variant === undefined ? undefined : test?.variants[variant];
    if (!test || !popup || test.popupId !== id || test.status !== 'running' || !texts || variant === undefined) redirect(pageOf(id, 'test=not_running'));
    if (!confirmed && keepNeedsConfirmation((await splitTestView(runtime.repos, test, now)).report.verdict, variant))
      redirect(pageOf(id, `keep=${variant}#keep-confirm`));
    const config = { ...popup.config, content: withTexts(popup.config.content, texts), variants: [] } as ManagedPopupConfig;
    return { id, testId, variant, config, expected: popup.version };
  },
  async write({ id, testId, variant, config, expected }, trx, { runtime, email, now }) {
    if (!(await popupTests(runtime.repos).stop(testId, { actor: email, now, winner: variant }, trx))) return null;
    return runtime.repos.popups.save(id, config, { expectedVersion: expected, actor: email, now }, trx);
  },
  audit: (saved, { id, testId, variant }) =>
    saved && { action: 'popup_test_decide', subject: id, details: { test: testId, variant, version: saved.saved ? saved.version : null } },
  answer(saved, { id }) {
    if (!saved) redirect(pageOf(id, 'test=not_running'));
    revalidatePath('/admin/popups');
    redirect(pageOf(id, saved.saved ? 'test=decided' : 'test=decided_conflict'));
  },
});
