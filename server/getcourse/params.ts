import type { StoredIdSubmission, StoredLead } from '../repositories/types';

/**
 * The `params` of GetCourse import calls, built from what we stored. Field names follow GetCourse's
 * import API: user {email, phone, first_name, addfields}, system {refresh_if_exists}, session {utm_*},
 * deal {deal_number, offer_code | product_title, deal_status, deal_comment}.
 */

/** User fields (Пользователи → Дополнительные поля in GetCourse) that receive the analytics ids. */
export const ANALYTICS_USER_FIELDS = { google: 'google_client_id', yandex: 'yandex_client_id' } as const;

export interface DealDelivery {
  productTitle: string;
  offerCode?: string;
}

export function dealParams(lead: StoredLead, dealNumber: string, delivery: DealDelivery) {
  return {
    user: {
      email: lead.email,
      phone: lead.phoneE164 ?? lead.phone,
      first_name: lead.name,
      ...analyticsFields(lead),
    },
    system: { refresh_if_exists: 1 },
    session: {
      utm_source: lead.utm.source ?? '',
      utm_medium: lead.utm.medium ?? '',
      utm_campaign: lead.utm.campaign ?? '',
      utm_content: lead.utm.content ?? '',
      utm_term: lead.utm.term ?? '',
    },
    deal: {
      deal_number: dealNumber,
      ...(delivery.offerCode ? { offer_code: delivery.offerCode } : { product_title: delivery.productTitle }),
      deal_status: 'new',
      deal_comment: dealComment(lead),
    },
  };
}

export function userIdsParams(submission: StoredIdSubmission) {
  return {
    user: { email: submission.email, ...analyticsFields(submission) },
    system: { refresh_if_exists: 1 },
  };
}

function analyticsFields(source: { googleClientId: string | null; yandexClientId: string | null }) {
  const addfields: Record<string, string> = {};
  if (source.googleClientId) addfields[ANALYTICS_USER_FIELDS.google] = source.googleClientId;
  if (source.yandexClientId) addfields[ANALYTICS_USER_FIELDS.yandex] = source.yandexClientId;
  return Object.keys(addfields).length > 0 ? { addfields } : {};
}

/** Where the lead came from, for the manager who opens the deal. */
function dealComment(lead: StoredLead): string {
  const parts = [`Заявка с сайта, форма «${lead.formId}»`, `страница ${lead.pagePath}`];
  if (lead.variantId) parts.push(`вариант ${lead.variantId}`);
  if (lead.blockId) parts.push(`блок ${lead.blockId}`);
  if (lead.utm.id) parts.push(`utm_id ${lead.utm.id}`);
  return parts.join('; ');
}
