'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from '@/lib/validation/zod';
import { elementsOf, questionKey, type AutopilotElement } from '@/lib/experiments/autopilot';
import { operatorAction } from '@/server/admin/operator-action';

const PAGE = '/admin/page-tests';
const typed = z.string().default('');
const ticked = z.preprocess((value) => value !== undefined && value !== null && value !== '', z.boolean());
const back = (done: string): never => redirect(`${PAGE}?autopilot=${done}#autopilot`);
const allElements = [...new Set([...elementsOf.popup, ...elementsOf.page])] as [AutopilotElement, ...AutopilotElement[]];
/** A pattern's text, as long as a variant's may be. */
const MAX_PATTERN = 500;

/** «Сохранить» of the switch: on or off, and whether its tests keep their winner; audited. */
export const saveAutopilotAction = operatorAction({
  input: z.object({ enabled: ticked, keepWinner: ticked }),
  write: ({ enabled, keepWinner }, trx, { runtime, email, now }) => runtime.repos.autopilot.saveSettings({ enabled, keepWinner, actor: email, now }, trx),
  audit: (_, { enabled, keepWinner }) => ({ action: 'autopilot_switch', details: { enabled, keepWinner } }),
  answer: (_, { enabled }) => {
    revalidatePath(PAGE);
    back(enabled ? 'on' : 'off');
  },
});

/** «Запустить»: a person approves a proposal; it starts when its place is free, in the queue's order; audited. */
export const approveProposalAction = operatorAction({
  input: z.object({ id: typed }),
  write: ({ id }, trx, { runtime, email, now }) => runtime.repos.autopilot.approve(id, { actor: email, now }, trx),
  audit: (approved, { id }) => (approved ? { action: 'autopilot_approve', subject: id } : null),
  answer: (approved) => back(approved ? 'approved' : 'gone'),
});

/** «Отклонить»: a proposed or approved test leaves the queue; audited. */
export const dismissProposalAction = operatorAction({
  input: z.object({ id: typed }),
  write: ({ id }, trx, { runtime }) => runtime.repos.autopilot.dismiss(id, trx),
  audit: (dismissed, { id }) => (dismissed ? { action: 'autopilot_dismiss', subject: id } : null),
  answer: (dismissed) => back(dismissed ? 'dismissed' : 'gone'),
});

/** «Добавить шаблон»: a text the team keeps for an element; audited. */
export const addPatternAction = operatorAction({
  input: z.object({ element: z.enum(allElements).catch('headline'), text: typed }),
  async prepare({ element, text }) {
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.length > MAX_PATTERN) return back('pattern_invalid');
    return { element, text: trimmed };
  },
  write: ({ element, text }, trx, { runtime, email, now }) => runtime.repos.autopilot.addPattern({ element, text, actor: email, now }, trx),
  audit: (pattern) => ({ action: 'autopilot_pattern_add', subject: String(pattern.id), details: { element: pattern.element } }),
  answer: () => back('pattern_added'),
});

/** «Удалить» of a pattern; audited. */
export const removePatternAction = operatorAction({
  input: z.object({ id: z.coerce.number().int().catch(0) }),
  write: ({ id }, trx, { runtime }) => runtime.repos.autopilot.removePattern(id, trx),
  audit: (removed, { id }) => (removed ? { action: 'autopilot_pattern_remove', subject: String(id) } : null),
  answer: () => back('pattern_removed'),
});

/** «Проверить снова»: a question a finished test answered may be proposed again; audited. */
export const retestAction = operatorAction({
  input: z.object({ id: typed }),
  async prepare({ id }, { runtime }) {
    const proposal = await runtime.repos.autopilot.get(id);
    if (!proposal || proposal.status !== 'done') return back('gone');
    return { question: questionKey({ kind: proposal.kind, key: proposal.place, element: proposal.element, text: proposal.text }), id };
  },
  write: ({ question }, trx, { runtime, email, now }) => runtime.repos.autopilot.askRetest(question, { actor: email, now }, trx),
  audit: (_, { id }) => ({ action: 'autopilot_retest', subject: id }),
  answer: () => back('retest'),
});
