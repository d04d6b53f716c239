import { pushDataLayer } from '@/components/analytics/data-layer';
import { LEAD_IDS_ENDPOINT, LEADS_ENDPOINT, type FieldError } from '@/lib/api-contract';
import { collectExtraData, type ExtraSubmitData, type PageContext } from '@/lib/leads/extra-data';
import { formKind, type AjaxFormConfig, type LeadFormConfig, type LeadFormKind, type NativeFormConfig } from '@/lib/leads/form-config';
import type { LeadFormValues } from '@/lib/validation/lead';
import { buildIdsRequest, buildLeadRequest } from './lead-request';
import { helperElementIds, nativeFormAction, nativeFormFields, postNativeForm } from './native-form';
import { postWithRetries, type PolicyOptions } from './network-policy';
import { currentPageContext } from './page-context';
import { SubmissionKeys, submissionFingerprint } from './submission-key';

/** The submit flows, one per form kind. */

/** Internal message when the lead call is not ok or has no `message`. */
export const LEAD_FAILED = 'Ошибка при отправке формы';

export class LeadSubmitError extends Error {
  constructor(
    message: string = LEAD_FAILED,
    /** Field errors the server answered with (400), e.g. `{ code: 'invalid_format', path: 'contacts.email', … }`. */
    readonly fieldErrors: FieldError[] = [],
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
  /**
   * The form's memory of its last submission (one per mounted form): a press with the same values
   * reuses its idempotency key and request, so a repeat can never make a second lead. Without it every
   * call is a new submission.
   */
  keys?: SubmissionKeys<SubmissionSnapshot>;
}

/** What a submission sends, fixed at its first press. */
export interface SubmissionSnapshot {
  extra: ExtraSubmitData;
  honeypot: string;
}

const jsonHeaders = { 'content-type': 'application/json' };

/**
 * Submits a lead by its config's kind: fires the ids call (never awaited), runs the kind's flow and,
 * once it succeeded, pushes the config's analytics event. Throws `LeadSubmitError` when the lead was
 * not accepted, and `Неизвестный тип формы` for a config of no known kind.
 *
 * Every request of one submission carries its idempotency key (`placement.keys`); the ajax lead is
 * retried on a bad network under network-policy.ts and fails only when its budget is spent
 * or the server refused it (4xx).
 */
export async function submitLead(
  config: LeadFormConfig,
  values: LeadFormValues,
  placement: SubmitPlacement = {},
  page?: PageContext,
  policy?: PolicyOptions,
): Promise<LeadFormKind> {
  const kind = formKind(config);
  const keys = placement.keys ?? new SubmissionKeys<SubmissionSnapshot>();
  const fingerprint = submissionFingerprint(config.formId, values, { variantId: placement.variantId, blockId: placement.blockId });
  const { key, body } = keys.take(fingerprint, () => ({
    extra: collectExtraData(placement, page ?? currentPageContext()),
    honeypot: placement.honeypot ?? '',
  }));
  const { extra, honeypot } = body;
  sendClientIds(values.email, extra, honeypot, key);
  switch (kind) {
    case 'ajax':
      await submitAjaxLead(config as AjaxFormConfig, values, extra, honeypot, key, policy);
      break;
    case 'native':
      submitNativeForm(config as NativeFormConfig, values, extra, honeypot, key);
      break;
  }
  keys.forget();
  pushDataLayer({ ...config.submitAnalyticsEvent });
  return kind;
}

/** Ajax forms: our back end stores the lead and answers `{ message }`; anything else is a failure. */
export async function submitAjaxLead(
  config: AjaxFormConfig,
  values: LeadFormValues,
  extra: ExtraSubmitData,
  honeypot: string,
  idempotencyKey: string,
  policy?: PolicyOptions,
) {
  const outcome = await postWithRetries(LEADS_ENDPOINT, buildLeadRequest(config.formId, values, extra, { honeypot }), idempotencyKey, policy);
  const { data } = outcome;
  if (outcome.ok && isRecord(data) && typeof data.message === 'string' && data.message) return;
  throw new LeadSubmitError(LEAD_FAILED, fieldErrorsOf(data));
}

/**
 * Native forms: record the lead with us in the background (marked as delivered by the browser, so our
 * worker does not send it again), then let the browser post the hidden form — synchronously, inside
 * the visitor's click, so neither the record nor a pop-up blocker delays or stops the post.
 */
export function submitNativeForm(config: NativeFormConfig, values: LeadFormValues, extra: ExtraSubmitData, honeypot: string, idempotencyKey: string) {
  // A beacon cannot carry headers: the key rides in the query (the server reads either).
  sendInBackground(
    `${LEADS_ENDPOINT}?idempotency_key=${encodeURIComponent(idempotencyKey)}`,
    buildLeadRequest(config.formId, values, extra, { honeypot, browserDelivered: true }),
  );
  postNativeForm(
    nativeFormAction(config.formAction, extra),
    nativeFormFields(config, values, extra, { href: window.location.href, referrer: document.referrer }),
    { newTab: config.openInNewTab === true, elementIds: helperElementIds(config) },
  );
}

/**
 * `POST /api/getcourse/ids` on every submit: not awaited, its failure ignored. It carries the
 * submission's key, so a repeated press does not queue a second GetCourse update.
 */
export function sendClientIds(email: string, extra: ExtraSubmitData, honeypot: string, idempotencyKey: string) {
  void fetch(LEAD_IDS_ENDPOINT, {
    method: 'POST',
    headers: { ...jsonHeaders, 'idempotency-key': idempotencyKey },
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

/**
 * Every refusal of the server is `{ code, message }` (lib/api-contract.ts `ApiError`); a 400 `invalid_fields`
 * lists the fields at fault in `errors`, each `{ code, path, message }`. The other refusals (403, 422, 429,
 * 503) list none: not a field's fault, so the visitor may press again with the same values.
 */
function fieldErrorsOf(data: unknown): FieldError[] {
  if (!isRecord(data) || !Array.isArray(data.errors)) return [];
  return data.errors.filter(
    (item): item is FieldError =>
      isRecord(item) && typeof item.code === 'string' && typeof item.path === 'string' && item.path !== '' && typeof item.message === 'string',
  );
}
