import { CONSENT_TEXT_VERSION, findLeadForm, type LeadFormEntry } from '@/content/lead-forms';
import { fieldErrors, idsRequestSchema, orderRequestSchema, type OrderRequest } from '@/lib/validation/lead';
import { toE164 } from '@/lib/validation/phone';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Idempotency, NewDelivery, NewLead, Repositories } from '../repositories/types';

export interface FieldError {
  path: string;
  message: string;
}

export type AcceptOutcome =
  | { status: 'accepted'; id: number; queued: boolean }
  /** The honeypot was filled: answered like a success, kept (when valid) but never delivered. */
  | { status: 'spam' }
  | { status: 'invalid'; errors: FieldError[] }
  /** The idempotency key already made a row from the same request: nothing new was stored. */
  | { status: 'replayed'; id: number }
  /** The idempotency key already made a row from other contents: refused (422). */
  | { status: 'key-conflict' };

export interface AcceptContext {
  repos: Repositories;
  clientAddressHash: string | null;
  now: number;
  /** The request's `Idempotency-Key` (already checked for its form by the handler), or null. */
  idempotencyKey?: string | null;
}

export const UNKNOWN_FORM_MESSAGE = 'Неизвестная форма';

// zod's own messages (wrong types, missing objects) in Russian; the field rules carry spec 5's texts.
const russian = { error: z.locales.ru().localeError };

/**
 * `POST /api/getcourse/orders`: validates with the browser's schema, looks the form up in the
 * registry and stores the lead together with its delivery in one transaction.
 */
export async function acceptOrder(body: unknown, context: AcceptContext): Promise<AcceptOutcome> {
  const parsed = orderRequestSchema.safeParse(body, russian);
  const spam = honeypotFilled(body);
  const form = parsed.success ? findLeadForm(parsed.data.form.id) : undefined;
  if (spam) {
    if (parsed.success && form) {
      const stored = await context.repos.leads.accept(newLead(parsed.data, form, context, 'none'), null, idempotencyOf(context, parsed.data));
      if (stored.replayed && !stored.sameRequest) return { status: 'key-conflict' };
    }
    return { status: 'spam' };
  }
  if (!parsed.success) return { status: 'invalid', errors: fieldErrors(parsed.error) };
  if (!form) return { status: 'invalid', errors: [{ path: 'form.id', message: UNKNOWN_FORM_MESSAGE }] };

  // Native forms: the visitor's browser has posted the lead to GetCourse itself; a deal from us would double it.
  const browserDelivered = parsed.data.browser_delivered === true || form.delivery.kind === 'browser';
  const delivery = browserDelivered ? null : serverDelivery(form);
  const stored = await context.repos.leads.accept(
    newLead(parsed.data, form, context, browserDelivered ? 'browser' : delivery?.kind === 'gc_form' ? 'gc_form' : 'deal'),
    delivery,
    idempotencyOf(context, parsed.data),
  );
  if (stored.replayed) return stored.sameRequest ? { status: 'replayed', id: stored.leadId } : { status: 'key-conflict' };
  return { status: 'accepted', id: stored.leadId, queued: stored.outboxId !== null };
}

/** `POST /api/getcourse/ids`: stores the visitor's analytics ids and queues them as GetCourse user fields. */
export async function acceptIds(body: unknown, context: AcceptContext): Promise<AcceptOutcome> {
  const parsed = idsRequestSchema.safeParse(body, russian);
  const spam = honeypotFilled(body);
  if (!parsed.success) return spam ? { status: 'spam' } : { status: 'invalid', errors: fieldErrors(parsed.error) };
  const { email, ids } = parsed.data;
  const submission = {
    createdAt: context.now,
    email,
    googleClientId: ids.googleClientId || null,
    yandexClientId: ids.yandexClientId || null,
    clientAddressHash: context.clientAddressHash,
    isSpam: spam,
  };
  // Nothing to tell GetCourse when the visitor has neither cookie.
  const hasIds = submission.googleClientId !== null || submission.yandexClientId !== null;
  const stored = await context.repos.leads.acceptIdSubmission(
    submission,
    hasIds && !spam ? { kind: 'user_ids', payload: {} } : null,
    idempotencyOf(context, parsed.data),
  );
  if (stored.replayed) return stored.sameRequest ? (spam ? { status: 'spam' } : { status: 'replayed', id: stored.submissionId }) : { status: 'key-conflict' };
  return spam ? { status: 'spam' } : { status: 'accepted', id: stored.submissionId, queued: stored.outboxId !== null };
}

/**
 * The key with a hash of what the request said once parsed (so a retry that spells the same values
 * differently, e.g. keys in another order, is still the same request). The honeypot is not part of it.
 */
function idempotencyOf(context: AcceptContext, request: object): Idempotency | undefined {
  if (!context.idempotencyKey) return undefined;
  return { key: context.idempotencyKey, requestHash: requestHash(request) };
}

export function requestHash(request: object): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** JSON with object keys sorted at every level. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([key, item]) => item !== undefined && key !== 'website')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * How our worker delivers a lead of this form. Everything it needs comes from the registry entry,
 * never from the request: a browser cannot choose where the server posts.
 */
function serverDelivery(form: LeadFormEntry): NewDelivery | null {
  switch (form.delivery.kind) {
    case 'deal':
      return { kind: 'deal', payload: { productTitle: form.delivery.productTitle ?? form.productName, offerCode: form.delivery.offerCode } };
    case 'gc-form': {
      const { formAction, requestTime, requestSimpleSign } = form.delivery;
      return { kind: 'gc_form', payload: { formAction, requestTime, requestSimpleSign } };
    }
    case 'browser':
      return null;
  }
}

/** The hidden `website` field: people never see it, so any text in it comes from a bot. */
function honeypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>).website;
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

function newLead(order: OrderRequest, form: LeadFormEntry, context: AcceptContext, deliveryMode: NewLead['deliveryMode']): NewLead {
  const { extra, contacts } = order;
  return {
    createdAt: context.now,
    formId: form.id,
    productName: form.productName,
    event: form.event,
    name: contacts.name,
    email: contacts.email,
    phone: contacts.phone,
    phoneE164: toE164(contacts.phone),
    utm: withoutEmpty(extra.utm),
    pagePath: extra.page_path || '/',
    variantId: extra.variant_id || null,
    blockId: extra.block_id || null,
    googleClientId: extra.ids?.googleClientId || null,
    yandexClientId: extra.ids?.yandexClientId || null,
    consentTextVersion: CONSENT_TEXT_VERSION,
    clientAddressHash: context.clientAddressHash,
    isSpam: deliveryMode === 'none',
    deliveryMode,
  };
}

function withoutEmpty<T extends Record<string, string | undefined>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value)) as Partial<T>;
}
