import type { GetCourseConfig } from '../config';
import { asRecord, type ImportResult, postForJson, withoutPersonalData } from './client';

/** The fields of a GetCourse form post (the names GetCourse's own form embed uses). */
export interface GetCourseFormFields {
  fullName: string;
  email: string;
  phone: string;
  /** The page the form was filled on (GetCourse's `__gc__internal__form__helper`). */
  pageUrl: string;
  /** The page that led the visitor there (`__gc__internal__form__helper_ref`); empty when unknown. */
  referrer: string;
  requestTime: number;
  requestSimpleSign: string;
}

/**
 * Posts a lead to a form of our GetCourse account, form-encoded, the way the form's own page would.
 * `formAction` must be a path on the account (`/pl/lite/block-public/process-html?id=…`): it is resolved
 * against the configured GetCourse address and anything that would leave that origin is refused, so
 * even a mistyped registry entry cannot make the server call another host. We ask for JSON; success is
 * HTTP 2xx with `success: true` (GetCourse, like its import API, answers 200 when it refused a form).
 */
export async function postGetCourseForm(config: GetCourseConfig, formAction: string, fields: GetCourseFormFields): Promise<ImportResult> {
  const target = formUrl(config.baseUrl, formAction);
  if (!target) return { ok: false, error: 'the form action is not a path on the GetCourse account' };
  const personal = [fields.fullName, fields.email, fields.phone];
  const body = new URLSearchParams({
    'formParams[full_name]': fields.fullName,
    'formParams[email]': fields.email,
    'formParams[phone]': fields.phone,
    __gc__internal__form__helper: fields.pageUrl,
    __gc__internal__form__helper_ref: fields.referrer,
    requestTime: String(fields.requestTime),
    requestSimpleSign: fields.requestSimpleSign,
  });
  const answer = await postForJson(target, body, config.timeoutMs, { 'x-requested-with': 'XMLHttpRequest' });
  if (!answer.ok) return answer;
  const record = asRecord(answer.json) ?? {};
  if (record.success === true || record.success === 'true') return { ok: true };
  const message = typeof record.error_message === 'string' ? record.error_message : '';
  return { ok: false, error: `GetCourse refused the form${message ? `: ${withoutPersonalData(message, personal)}` : ''}` };
}

/** `formAction` on the account's origin, or null when it would point anywhere else. */
export function formUrl(baseUrl: string, formAction: string): URL | null {
  if (!formAction.startsWith('/') || formAction.startsWith('//')) return null;
  const base = new URL(baseUrl);
  const url = new URL(formAction, base);
  return url.origin === base.origin ? url : null;
}
