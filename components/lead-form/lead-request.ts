import type { z } from 'zod';
import type { LeadFormValues, leadRequestSchema } from '@/lib/validation/lead';
import { toE164 } from '@/lib/validation/phone';
import type { ExtraSubmitData } from '@/lib/leads/extra-data';

export type LeadRequestBody = z.input<typeof leadRequestSchema>;

/**
 * The body of `POST /api/getcourse/orders`: extra {utm, page_path[, variant_id, block_id, ids]},
 * form {id}, contacts {name, email, phone}, plus the honeypot `website`. The phone goes in E.164 so the
 * CRM gets one spelling of a number however it was typed. The analytics ids ride with the lead: the
 * server sends them to GetCourse on the lead's deal (the ids call alone changes nothing in the CRM).
 */
export function buildLeadRequest(
  formId: string,
  values: LeadFormValues,
  extra: ExtraSubmitData,
  options: { honeypot?: string; browserDelivered?: boolean } = {},
): LeadRequestBody {
  return {
    extra: {
      utm: { ...extra.utm },
      page_path: extra.page_path,
      ...(extra.variant_id ? { variant_id: extra.variant_id } : {}),
      ...(extra.block_id ? { block_id: extra.block_id } : {}),
      ...(hasClientIds(extra) ? { ids: { ...extra.clientIds } } : {}),
    },
    form: { id: formId },
    contacts: { name: values.fullName, email: values.email, phone: toE164(values.phone) ?? values.phone },
    website: options.honeypot ?? '',
    ...(options.browserDelivered ? { browser_delivered: true } : {}),
  };
}

function hasClientIds({ clientIds }: ExtraSubmitData): boolean {
  return Boolean(clientIds.googleClientId || clientIds.yandexClientId);
}

/** The body of `POST /api/getcourse/ids`. */
export function buildIdsRequest(email: string, extra: ExtraSubmitData, honeypot = '') {
  return { email, ids: { ...extra.clientIds }, website: honeypot };
}
