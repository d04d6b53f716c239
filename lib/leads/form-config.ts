/**
 * The form configurations: every lead form of the site is one of these kinds. The kind picks
 * the submit flow (see `submitFlows` in ./submit.ts); a new kind is a new entry there, not a new form.
 */

/** Pushed to the data layer on every submit. */
export interface SubmitAnalyticsEvent {
  event: 'lead' | 'application' | 'auto_purchase';
  product_name: string;
  id_form: string;
}

/** Sent as JSON to our `POST /api/getcourse/orders`; the server stores it and delivers it to the CRM. */
export interface AjaxFormConfig {
  formType: 'ajax';
  formId: string;
  submitAnalyticsEvent: SubmitAnalyticsEvent;
}

/**
 * Posted by the browser itself to an external GetCourse form (`process-html?id=…`), usually a payment
 * page. `helperId`/`helperRefId` are the element ids GetCourse gives its helper inputs in the form it
 * generated; `requestTime` and `requestSignature` are the values it signed that form with.
 */
export interface NativeFormConfig {
  formType?: 'native';
  formId: string;
  formAction: string;
  helperId: string;
  helperRefId: string;
  requestTime: number | string;
  requestSignature: string;
  /** Open the external page in a new tab (the visitor keeps our page). */
  openInNewTab?: boolean;
  submitAnalyticsEvent: SubmitAnalyticsEvent;
}

export type LeadFormConfig = AjaxFormConfig | NativeFormConfig;
export type LeadFormKind = 'ajax' | 'native';

export const UNKNOWN_FORM_TYPE = 'Неизвестный тип формы';

/** The kind of a config; configs come from data files, so an unexpected `formType` is possible at run time. */
export function formKind(config: LeadFormConfig): LeadFormKind {
  const type: unknown = config.formType;
  if (type === 'ajax') return 'ajax';
  if ((type === undefined || type === 'native') && 'formAction' in config) return 'native';
  throw new Error(UNKNOWN_FORM_TYPE);
}
