import { pushDataLayer } from '@/lib/analytics';
import type { LeadFormValues } from '@/lib/validation/lead';
import { collectExtraData, type ExtraSubmitData, type PageContext } from './extra-data';
import { formKind, type AjaxFormConfig, type LeadFormConfig, type LeadFormKind, type NativeFormConfig } from './form-config';
import { helperElementIds, nativeFormAction, nativeFormFields, postNativeForm } from './native-form';
import { buildIdsRequest, buildOrderRequest } from './order-request';

/** The submit flows of spec 7, one per form kind. */

export const ORDERS_ENDPOINT = '/api/getcourse/orders';
export const IDS_ENDPOINT = '/api/getcourse/ids';

/** Internal message of spec 8 when the order call is not ok or has no `message`. */
export const ORDER_FAILED = 'Ошибка при отправке формы';

export interface ServerFieldError {
  path: string;
  message: string;
}

export class LeadSubmitError extends Error {
  constructor(
    message: string = ORDER_FAILED,
    /** Field errors the server answered with (400), e.g. `{ path: 'contacts.email', … }`. */
    readonly fieldErrors: ServerFieldError[] = [],
  ) {
    super(message);
    this.name = 'LeadSubmitError';
  }
}

export interface SubmitPlacement {
  /** The page variant (route parameter `variantId`) the form is on. */
  variantId?: string;
  /** Which block of the page the form sits in (e.g. `lead-form`, `popup`). */
  blockId?: string;
  /** The honeypot's value: empty for people. */
  honeypot?: string;
}

const jsonHeaders = { 'content-type': 'application/json' };

/**
 * Submits a lead by its config's kind: fires the ids call (never awaited), runs the kind's flow and,
 * once it succeeded, pushes the config's analytics event. Throws `LeadSubmitError` when the lead was
 * not accepted, and `Неизвестный тип формы` for a config of no known kind.
 */
export async function submitLead(
  config: LeadFormConfig,
  values: LeadFormValues,
  placement: SubmitPlacement = {},
  page?: PageContext,
): Promise<LeadFormKind> {
  const kind = formKind(config);
  const extra = collectExtraData(placement, page);
  const honeypot = placement.honeypot ?? '';
  sendClientIds(values.email, extra, honeypot);
  switch (kind) {
    case 'ajax':
      await submitAjaxOrder(config as AjaxFormConfig, values, extra, honeypot);
      break;
    case 'native':
      submitNativeForm(config as NativeFormConfig, values, extra, honeypot);
      break;
  }
  pushDataLayer({ ...config.submitAnalyticsEvent });
  return kind;
}

/** Ajax forms: our back end stores the lead and answers `{ message }`; anything else is a failure. */
export async function submitAjaxOrder(config: AjaxFormConfig, values: LeadFormValues, extra: ExtraSubmitData, honeypot = '') {
  let response: Response;
  try {
    response = await fetch(ORDERS_ENDPOINT, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(buildOrderRequest(config.formId, values, extra, { honeypot })),
    });
  } catch {
    throw new LeadSubmitError();
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok && isRecord(data) && typeof data.message === 'string' && data.message) return;
  throw new LeadSubmitError(ORDER_FAILED, fieldErrorsOf(data));
}

/**
 * Native forms: record the lead with us in the background (marked as delivered by the browser, so our
 * worker does not send it again), then let the browser post the hidden form — synchronously, inside
 * the visitor's click, so neither the record nor a pop-up blocker delays or stops the post.
 */
export function submitNativeForm(config: NativeFormConfig, values: LeadFormValues, extra: ExtraSubmitData, honeypot = '') {
  sendInBackground(ORDERS_ENDPOINT, buildOrderRequest(config.formId, values, extra, { honeypot, browserDelivered: true }));
  postNativeForm(
    nativeFormAction(config.formAction, extra),
    nativeFormFields(config, values, extra, { href: window.location.href, referrer: document.referrer }),
    { newTab: config.openInNewTab === true, elementIds: helperElementIds(config) },
  );
}

/** `POST /api/getcourse/ids` on every submit: not awaited, its failure ignored (spec 7). */
export function sendClientIds(email: string, extra: ExtraSubmitData, honeypot = '') {
  void fetch(IDS_ENDPOINT, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify(buildIdsRequest(email, extra, honeypot)),
    keepalive: true,
  }).catch(() => undefined);
}

/** A request that outlives the page (the native post may navigate away at once). */
function sendInBackground(url: string, body: unknown) {
  const json = JSON.stringify(body);
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }))) return;
  void fetch(url, { method: 'POST', headers: jsonHeaders, body: json, keepalive: true }).catch(() => undefined);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The server's 400 answer lists field errors; accept `errors` or `fieldErrors` holding `{ path, message }`. */
function fieldErrorsOf(data: unknown): ServerFieldError[] {
  if (!isRecord(data)) return [];
  const list = Array.isArray(data.errors) ? data.errors : Array.isArray(data.fieldErrors) ? data.fieldErrors : [];
  return list.filter(
    (item): item is ServerFieldError => isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string',
  );
}
