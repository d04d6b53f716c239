import type { LeadFormEntry } from '@/content/lead-form-entry';
import { CONSENT_TEXT_VERSION, findLeadForm } from '@/content/lead-forms';
import { fieldErrors, idsRequestSchema, leadRequestSchema, type LeadRequest } from '@/lib/validation/lead';
import { extraFieldMessages } from '@/lib/validation/messages';
import type { FieldError } from '@/lib/api-contract';
import { toE164 } from '@/lib/validation/phone';
import { createHash } from 'node:crypto';
import { z } from '@/lib/validation/zod';
import { planAlerts } from '../alerts/plan';
import { countConversion, type ConversionVisit } from '../experiments/conversion';
import { giftOnSale } from '../rules/gift-windows';
import type { NewAlert } from '../repositories/alert-queue';
import type { NewDelivery } from '../repositories/delivery-queue';
import type { Idempotency, NewLead } from '../repositories/leads';
import type { Repositories } from '../repositories';
import type { FloodSign } from '../rules/flood-signs';

export type AcceptOutcome =
  /**
   * `id`: the stored lead (null for the ids call, which stores nothing); `withheld`: it looks like part of
   * a flood and waits, stored, for an operator («Похоже на спам») instead of going to GetCourse and the managers.
   */
  | { status: 'accepted'; id: number | null; queued: boolean; withheld: boolean }
  /** The honeypot was filled: answered like a success, kept (when valid) but never delivered. */
  | { status: 'spam' }
  | { status: 'invalid'; errors: FieldError[] }
  /** A valid lead over its e-mail's limit, or from a sender shed under pressure: nothing stored, try again later. */
  | { status: 'limited'; limit: LeadLimit; retryAfter: number }
  /** The idempotency key already made a lead from the same request: nothing new was stored. */
  | { status: 'replayed'; id: number }
  /** The idempotency key already made a lead from other contents: refused (422). */
  | { status: 'key-conflict' };

export type LeadLimit = 'email' | 'shed';

/** What the admission of a valid lead looks at besides its sender. */
export interface LeadSubject {
  email: string;
  formId: string;
  utm: { source?: string; campaign?: string };
}

/** Stored (held back when it shows a flood's signs), or refused for now. */
export type Admission = { admitted: true; floodSigns: readonly FloodSign[] } | { admitted: false; limit: LeadLimit; retryAfter: number };

export interface AcceptContext {
  repos: Repositories;
  clientAddressHash: string | null;
  now: number;
  /** Counts a valid lead against its e-mail's limit, the shedding and the signs of a flood (server/http/lead-admission.ts). */
  admit(subject: LeadSubject): Promise<Admission>;
  /** The request's `Idempotency-Key` (already checked for its form by the handler), or null. */
  idempotencyKey?: string | null;
  /** The alert channels this server can send on; absent or none: no alerts are queued. */
  alertChannels?: { telegram: boolean; email: boolean };
  /** Who sent the lead, for the experiments' count of a stored lead as a conversion; absent: it counts for no test. */
  visit?: Omit<ConversionVisit, 'repos' | 'now'>;
}

// zod's own messages (wrong types, missing objects) in Russian; the field rules carry the form's own Russian texts.
const russian = { error: z.locales.ru().localeError };

/**
 * `POST /api/getcourse/orders`: validates with the browser's schema, looks the form up in the
 * registry (a gift offer's form only while its gift is on sale) and stores the lead together with its
 * delivery in one transaction.
 */
export async function acceptLead(body: unknown, context: AcceptContext): Promise<AcceptOutcome> {
  const parsed = leadRequestSchema.safeParse(body, russian);
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
  if (!form) return { status: 'invalid', errors: [{ code: 'unknown_form', path: 'form.id', message: extraFieldMessages.unknownForm }] };
  if (!(await onSale(form, context)))
    return { status: 'invalid', errors: [{ code: 'gift_unavailable', path: 'form.id', message: extraFieldMessages.giftUnavailable }] };

  const { contacts, extra } = parsed.data;
  const admission = await context.admit({ email: contacts.email, formId: form.id, utm: extra.utm });
  if (!admission.admitted) return { status: 'limited', limit: admission.limit, retryAfter: admission.retryAfter };

  // Native forms: the visitor's browser has posted the lead to GetCourse itself; a deal from us would double it.
  const browserDelivered = parsed.data.browser_delivered === true || form.delivery.kind === 'browser';
  const stored = await context.repos.leads.accept(
    newLead(parsed.data, form, context, browserDelivered ? 'browser' : 'deal', admission.floodSigns),
    browserDelivered ? null : dealDelivery(form),
    idempotencyOf(context, parsed.data),
    await alertsOf(context),
  );
  if (stored.replayed) return stored.sameRequest ? { status: 'replayed', id: stored.leadId } : { status: 'key-conflict' };
  const withheld = admission.floodSigns.length > 0;
  // Committed: the stored, validated lead counts for the test its form claims. One held as «Похоже на
  // спам» counts for none: a flood must not steer a variant.
  if (context.visit && !withheld) await countConversion(parsed.data, stored.leadId, { ...context.visit, repos: context.repos, now: context.now });
  return { status: 'accepted', id: stored.leadId, queued: stored.outboxId !== null && !withheld, withheld };
}

/**
 * A gift offer whose deal we make (an ajax offer) is taken only while its window runs, by the server's
 * clock with a minute of grace: a manager would otherwise call about an offer not on sale. A native
 * offer's lead has already been posted by the visitor's browser to GetCourse's payment page, which
 * sells only what its offer allows: our record of it is kept whatever the time, so the console shows
 * every lead GetCourse got.
 */
async function onSale(form: LeadFormEntry, context: AcceptContext): Promise<boolean> {
  if (form.giftNumber === undefined || form.delivery.kind !== 'deal') return true;
  return giftOnSale(await context.repos.giftSchedule.list(), form.giftNumber, context.now);
}

/**
 * `POST /api/getcourse/ids` (fired on every submit, its answer read as `msg`). Validated and
 * answered, and nothing stored: the analytics ids reach GetCourse with the lead's deal (the lead
 * carries them), never as a separate user import, which would let anyone who knows an e-mail rewrite
 * that person's profile.
 */
export async function acceptIds(body: unknown): Promise<AcceptOutcome> {
  const parsed = idsRequestSchema.safeParse(body, russian);
  if (honeypotFilled(body)) return { status: 'spam' };
  if (!parsed.success) return { status: 'invalid', errors: fieldErrors(parsed.error) };
  return { status: 'accepted', id: null, queued: false, withheld: false };
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
 * How our worker delivers a lead of this form: a deal whose product comes from the registry entry,
 * never from the request, so a browser cannot choose what the server sends.
 */
function dealDelivery(form: LeadFormEntry): NewDelivery {
  const { productTitle, offerCode } = form.delivery.kind === 'deal' ? form.delivery : {};
  return { kind: 'deal', payload: { productTitle: productTitle ?? form.productName, offerCode } };
}

/** The managers' alerts of a lead (also of a browser-delivered one): in its transaction, so a crash loses none. */
async function alertsOf(context: AcceptContext): Promise<NewAlert[]> {
  const channels = context.alertChannels;
  if (!channels || (!channels.telegram && !channels.email)) return [];
  return planAlerts(await context.repos.settings.alertSettings(), channels, context.now);
}

/** The hidden `website` field: people never see it, so any text in it comes from a bot. */
function honeypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const value = (body as Record<string, unknown>).website;
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

function newLead(
  lead: LeadRequest,
  form: LeadFormEntry,
  context: Pick<AcceptContext, 'now' | 'clientAddressHash'>,
  deliveryMode: NewLead['deliveryMode'],
  floodSigns: readonly FloodSign[] = [],
): NewLead {
  const { extra, contacts } = lead;
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
    withheldSigns: floodSigns,
  };
}

function withoutEmpty<T extends Record<string, string | undefined>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value)) as Partial<T>;
}
