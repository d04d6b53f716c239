import type { LeadFormValues } from '@/lib/validation/lead';
import { toE164 } from '@/lib/validation/phone';
import type { ExtraSubmitData } from '@/lib/leads/extra-data';
import type { NativeFormConfig } from '@/lib/leads/form-config';

/**
 * Native forms: the browser itself posts a hidden form to GetCourse's `process-html` address,
 * exactly as the form GetCourse generates would, so the visitor lands on GetCourse's payment page.
 */

export type FormField = readonly [name: string, value: string];

/** The configured action with the visit's UTMs added to its query string (existing parameters win). */
export function nativeFormAction(formAction: string, extra: ExtraSubmitData): string {
  const url = new URL(formAction, 'http://relative.invalid');
  for (const [key, value] of Object.entries(extra.utm)) {
    const name = `utm_${key}`;
    if (value && !url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.origin === 'http://relative.invalid' ? url.pathname + url.search + url.hash : url.toString();
}

/**
 * The fields GetCourse's HTML widget form posts: contacts under `formParams[…]`, the two helper inputs
 * (current URL and referrer), the signed request time, and our extras (UTMs, page path, analytics ids).
 */
export function nativeFormFields(
  config: NativeFormConfig,
  values: LeadFormValues,
  extra: ExtraSubmitData,
  page: { href: string; referrer: string },
): FormField[] {
  const fields: FormField[] = [
    ['formParams[full_name]', values.fullName],
    ['formParams[email]', values.email],
    ['formParams[phone]', toE164(values.phone) ?? values.phone],
    ...Object.entries(extra.utm).map(([key, value]): FormField => [`utm_${key}`, value ?? '']),
    ['page_path', extra.page_path],
    ['__gc__internal__form__helper', page.href],
    ['__gc__internal__form__helper_ref', page.referrer],
    ['requestTime', String(config.requestTime)],
    ['requestSimpleSign', config.requestSignature],
    ['isHtmlWidget', '1'],
  ];
  if (extra.clientIds.googleClientId) fields.push(['ga_client_id', extra.clientIds.googleClientId]);
  if (extra.clientIds.yandexClientId) fields.push(['ym_client_id', extra.clientIds.yandexClientId]);
  return fields;
}

/** Which helper input gets which element id (GetCourse's script looks them up by id). */
export function helperElementIds(config: NativeFormConfig): Record<string, string> {
  return {
    __gc__internal__form__helper: config.helperId,
    __gc__internal__form__helper_ref: config.helperRefId,
  };
}

/**
 * Builds the hidden form and lets the browser post it. Called synchronously from the submit handler,
 * still inside the visitor's click, so a new tab is not taken for a pop-up.
 */
export function postNativeForm(action: string, fields: FormField[], options: { newTab: boolean; elementIds?: Record<string, string> }): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  if (options.newTab) {
    form.target = '_blank';
    form.rel = 'noopener';
  }
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    const id = options.elementIds?.[name];
    if (id) input.id = id;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}
