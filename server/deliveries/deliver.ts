import type { GetCourseConfig } from '../config';
import { postImport, type ImportResult } from '../getcourse/client';
import { dealParams } from '../getcourse/params';
import type { DeliveryKind } from '../repositories/delivery-queue';
import type { OutboxClaim } from '../repositories/outbox-rows';
import type { Repositories } from '../repositories';

export interface DeliveryContext {
  repos: Repositories;
  getCourse: GetCourseConfig;
}

type Deliver = (delivery: OutboxClaim, context: DeliveryContext) => Promise<ImportResult>;

/** A lead as a GetCourse deal (`/pl/api/deals`) under its deal number, so retries update one deal. */
async function deliverDeal(delivery: OutboxClaim, { repos, getCourse }: DeliveryContext): Promise<ImportResult> {
  const lead = delivery.leadId === null ? undefined : await repos.leads.findLead(delivery.leadId);
  if (!lead || !delivery.dealNumber) return { ok: false, code: 'lead_missing', detail: null };
  const { productTitle, offerCode } = delivery.payload;
  const params = dealParams(lead, delivery.dealNumber, {
    productTitle: typeof productTitle === 'string' && productTitle ? productTitle : lead.productName,
    ...(typeof offerCode === 'string' && offerCode ? { offerCode } : {}),
  });
  return postImport(getCourse, 'deals', params, [lead.name, lead.email, lead.phone]);
}

/** One function a delivery kind (the `kind` column of the outbox); a new kind is one more entry. */
const deliveries: Record<DeliveryKind, Deliver> = {
  deal: deliverDeal,
};

export function deliver(delivery: OutboxClaim, context: DeliveryContext): Promise<ImportResult> {
  const handler = (deliveries as Partial<Record<string, Deliver>>)[delivery.kind];
  if (!handler) return Promise.resolve({ ok: false, code: 'unknown_kind', detail: delivery.kind.slice(0, 40) });
  return handler(delivery, context);
}
