import type { GetCourseConfig } from '../config';
import { postImport, type ImportResult } from '../getcourse/client';
import { postGetCourseForm } from '../getcourse/form-post';
import { dealParams, userIdsParams } from '../getcourse/params';
import type { ClaimedDelivery, DeliveryKind, Repositories } from '../repositories/types';

export interface DeliveryContext {
  repos: Repositories;
  getCourse: GetCourseConfig;
  /** The site's origin (SITE_URL), to tell GetCourse the full address of the page a form was sent from. */
  siteOrigin?: string | null;
}

type Deliver = (delivery: ClaimedDelivery, context: DeliveryContext) => Promise<ImportResult>;

/** A lead as a GetCourse deal (`/pl/api/deals`), numbered from the lead id so retries update one deal. */
async function deliverDeal(delivery: ClaimedDelivery, { repos, getCourse }: DeliveryContext): Promise<ImportResult> {
  const lead = delivery.leadId === null ? undefined : await repos.leads.findLead(delivery.leadId);
  if (!lead || !delivery.dealNumber) return { ok: false, error: 'the lead of this delivery is missing' };
  const { productTitle, offerCode } = delivery.payload;
  const params = dealParams(lead, delivery.dealNumber, {
    productTitle: typeof productTitle === 'string' && productTitle ? productTitle : lead.productName,
    ...(typeof offerCode === 'string' && offerCode ? { offerCode } : {}),
  });
  return postImport(getCourse, 'deals', params, [lead.name, lead.email, lead.phone, lead.phoneE164]);
}

/**
 * A lead posted to a form of our GetCourse account (the pop-up forms). The form's action and signature
 * were copied from the server's registry into the payload when the lead was accepted.
 */
async function deliverGetCourseForm(delivery: ClaimedDelivery, { repos, getCourse, siteOrigin }: DeliveryContext): Promise<ImportResult> {
  const lead = delivery.leadId === null ? undefined : await repos.leads.findLead(delivery.leadId);
  if (!lead) return { ok: false, error: 'the lead of this delivery is missing' };
  const { formAction, requestTime, requestSimpleSign } = delivery.payload;
  if (typeof formAction !== 'string' || typeof requestTime !== 'number' || typeof requestSimpleSign !== 'string') {
    return { ok: false, error: 'the delivery has no GetCourse form settings' };
  }
  return postGetCourseForm(getCourse, formAction, {
    fullName: lead.name,
    email: lead.email,
    phone: lead.phoneE164 ?? lead.phone,
    pageUrl: `${siteOrigin ?? ''}${lead.pagePath}`,
    // The order payload (spec 7) carries no referrer.
    referrer: '',
    requestTime,
    requestSimpleSign,
  });
}

/** A visitor's analytics ids as GetCourse user fields (`/pl/api/users`). */
async function deliverUserIds(delivery: ClaimedDelivery, { repos, getCourse }: DeliveryContext): Promise<ImportResult> {
  const submission = delivery.idSubmissionId === null ? undefined : await repos.leads.findIdSubmission(delivery.idSubmissionId);
  if (!submission) return { ok: false, error: 'the id submission of this delivery is missing' };
  return postImport(getCourse, 'users', userIdsParams(submission), [submission.email]);
}

/** One function a delivery kind (the `kind` column of the outbox); a new kind is one more entry. */
const deliveries: Record<DeliveryKind, Deliver> = {
  deal: deliverDeal,
  gc_form: deliverGetCourseForm,
  user_ids: deliverUserIds,
};

export function deliver(delivery: ClaimedDelivery, context: DeliveryContext): Promise<ImportResult> {
  const handler = (deliveries as Partial<Record<string, Deliver>>)[delivery.kind];
  if (!handler) return Promise.resolve({ ok: false, error: `unknown delivery kind "${delivery.kind}"` });
  return handler(delivery, context);
}
