import { CONSENT_TEXT_VERSION, findLeadForm, type LeadFormEntry } from '@/content/lead-forms';
import { fieldErrors, idsRequestSchema, orderRequestSchema, type OrderRequest } from '@/lib/validation/lead';
import { toE164 } from '@/lib/validation/phone';
import { z } from 'zod';
import type { NewDelivery, NewLead, Repositories } from '../repositories/types';

export interface FieldError {
  path: string;
  message: string;
}

export type AcceptOutcome =
  /** `id`: the stored lead (null for the ids call, which stores nothing). */
  | { status: 'accepted'; id: number | null; queued: boolean }
  /** The honeypot was filled: answered like a success, kept (when valid) but never delivered. */
  | { status: 'spam' }
  | { status: 'invalid'; errors: FieldError[] }
  /** A valid lead over its e-mail's limit or the site's ceiling: nothing stored, try again later. */
  | { status: 'limited'; limit: LeadLimit; retryAfter: number };

export type LeadLimit = 'email' | 'ceiling';

export interface AcceptContext {
  repos: Repositories;
  clientAddressHash: string | null;
  now: number;
  /** Counts a valid lead against its e-mail's limit and the site's ceiling; says which it passed, if any. */
  admit(email: string): Promise<{ limit: LeadLimit; retryAfter: number } | null>;
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
    if (parsed.success && form) await context.repos.leads.accept(newLead(parsed.data, form, context, 'none'), null);
    return { status: 'spam' };
  }
  if (!parsed.success) return { status: 'invalid', errors: fieldErrors(parsed.error) };
  if (!form) return { status: 'invalid', errors: [{ path: 'form.id', message: UNKNOWN_FORM_MESSAGE }] };

  const limited = await context.admit(parsed.data.contacts.email);
  if (limited) return { status: 'limited', ...limited };

  // Native forms: the visitor's browser has posted the lead to GetCourse itself; a deal from us would double it.
  const browserDelivered = parsed.data.browser_delivered === true || form.delivery.kind === 'browser';
  const { leadId, outboxId } = await context.repos.leads.accept(
    newLead(parsed.data, form, context, browserDelivered ? 'browser' : 'deal'),
    browserDelivered ? null : dealDelivery(form),
  );
  return { status: 'accepted', id: leadId, queued: outboxId !== null };
}

/**
 * `POST /api/getcourse/ids` (spec 7: fired on every submit, its answer read as `msg`). Validated and
 * answered, and nothing stored: the analytics ids reach GetCourse with the lead's deal (the order
 * carries them), never as a separate user import, which would let anyone who knows an e-mail rewrite
 * that person's profile.
 */
export async function acceptIds(body: unknown): Promise<AcceptOutcome> {
  const parsed = idsRequestSchema.safeParse(body, russian);
  if (honeypotFilled(body)) return { status: 'spam' };
  if (!parsed.success) return { status: 'invalid', errors: fieldErrors(parsed.error) };
  return { status: 'accepted', id: null, queued: false };
}

/**
 * How our worker delivers a lead of this form: a deal whose product comes from the registry entry,
 * never from the request, so a browser cannot choose what the server sends.
 */
function dealDelivery(form: LeadFormEntry): NewDelivery {
  const { productTitle, offerCode } = form.delivery.kind === 'deal' ? form.delivery : {};
  return { kind: 'deal', payload: { productTitle: productTitle ?? form.productName, offerCode } };
}

/** The hidden `website` field: people never see it, so any text in it comes from a bot. */
function honeypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>).website;
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

function newLead(order: OrderRequest, form: LeadFormEntry, context: Pick<AcceptContext, 'now' | 'clientAddressHash'>, deliveryMode: NewLead['deliveryMode']): NewLead {
  const { extra, contacts } = order;
  return {
    createdAt: context.now,
    formId: form.id,
    productName: form.productName,
    event: form.event,
    name: contacts.name,
    email: contacts.email,
    // Valid by the schema, so it parses; one spelling of a number however it was typed.
    phone: toE164(contacts.phone) ?? contacts.phone,
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
