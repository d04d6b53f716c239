'use server';

import { revalidatePath } from 'next/cache';
import { z } from '@/lib/validation/zod';
import { emailSchema } from '@/lib/validation/lead';
import { requireOperator } from '@/server/admin/session';
import { eraseVisitor } from '@/server/privacy/erase';

const id = z.coerce.number().int().positive();

export async function resendDeliveryAction(form: FormData): Promise<void> {
  const { runtime, email } = await requireOperator();
  const outboxId = id.parse(form.get('outboxId'));
  const leadId = id.parse(form.get('leadId'));
  if ((await runtime.repos.deliveryQueue.requeueDead(Date.now(), outboxId)) === 1) {
    await runtime.repos.audit.record({ actor: email, action: 'resend', subject: `lead ${leadId}`, details: { outboxId } });
  }
  revalidatePath(`/admin/leads/${leadId}`);
}

export async function resendAllDeadAction(): Promise<void> {
  const { runtime, email } = await requireOperator();
  const count = await runtime.repos.deliveryQueue.requeueDead(Date.now());
  await runtime.repos.audit.record({ actor: email, action: 'resend_all', details: { count } });
  revalidatePath('/admin/leads');
}

export async function markSpamAction(form: FormData): Promise<void> {
  const { runtime, email } = await requireOperator();
  const leadId = id.parse(form.get('leadId'));
  const spam = form.get('spam') === '1';
  if (await runtime.repos.leads.markSpam(leadId, spam)) {
    await runtime.repos.audit.record({ actor: email, action: spam ? 'spam' : 'not_spam', subject: `lead ${leadId}` });
  }
  revalidatePath(`/admin/leads/${leadId}`);
}

export interface EraseState {
  message: string | null;
  error: string | null;
}

export async function eraseVisitorAction(_previous: EraseState, form: FormData): Promise<EraseState> {
  const { runtime, email } = await requireOperator();
  const parsed = emailSchema.safeParse(form.get('email'));
  if (!parsed.success) return { message: null, error: 'Введите e-mail посетителя' };
  if (form.get('confirm') !== 'on') return { message: null, error: 'Подтвердите, что данные нужно удалить безвозвратно' };
  const counts = await eraseVisitor(runtime.repos, parsed.data, runtime.hashKey);
  // The address is the request's subject: the log keeps who asked to erase whom, as 152-FZ requires an answer.
  await runtime.repos.audit.record({ actor: email, action: 'erase', subject: parsed.data, details: { ...counts } });
  revalidatePath('/admin/leads');
  const inGetCourse = counts.deliveriesSent > 0 ? ` ${counts.deliveriesSent} из них уже в GetCourse: удалите пользователя там вручную (Пользователи → найти по e-mail → удалить).` : '';
  return { message: `Удалено заявок: ${counts.leads}, отправок: ${counts.deliveries}.${inGetCourse}`, error: null };
}
