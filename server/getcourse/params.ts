import type { StoredLead } from '../repositories/leads';

/**
 * The `params` of a GetCourse deal import, built from what we stored. Field names follow GetCourse's
 * import API: user {email, phone, first_name}, system {refresh_if_exists}, session {utm_*},
 * deal {deal_number, offer_code | product_title, deal_status, deal_comment, addfields}.
 */

/**
 * Deal fields (GetCourse: Заказы → Дополнительные поля заказа) that receive the visitor's analytics ids.
 * They ride on the deal: a user field would be an update of a profile that may not be the visitor's.
 */
export const ANALYTICS_DEAL_FIELDS = { google: 'google_client_id', yandex: 'yandex_client_id' } as const;

export interface DealProduct {
  productTitle: string;
  offerCode?: string;
}

/**
 * `refresh_if_exists: 0`: GetCourse's import documentation defines it as "whether to update an existing
 * user". Anyone can type anyone's e-mail into a form, so we never do: a new e-mail creates the user with
 * the name and phone given; a known one keeps its name, phone and fields, and the deal (with its UTM
 * session) is attached to that user by e-mail. The deal itself is found by `deal_number` either way, so a
 * retried delivery updates our own deal instead of adding a second one.
 */
export function dealParams(lead: StoredLead, dealNumber: string, product: DealProduct) {
  return {
    user: { email: lead.email, phone: lead.phone, first_name: lead.name },
    system: { refresh_if_exists: 0 },
    session: {
      utm_source: lead.utm.source ?? '',
      utm_medium: lead.utm.medium ?? '',
      utm_campaign: lead.utm.campaign ?? '',
      utm_content: lead.utm.content ?? '',
      utm_term: lead.utm.term ?? '',
    },
    deal: {
      deal_number: dealNumber,
      ...(product.offerCode ? { offer_code: product.offerCode } : { product_title: product.productTitle }),
      deal_status: 'new',
      deal_comment: dealComment(lead),
      ...analyticsFields(lead),
    },
  };
}

function analyticsFields(lead: StoredLead) {
  const addfields: Record<string, string> = {};
  if (lead.googleClientId) addfields[ANALYTICS_DEAL_FIELDS.google] = lead.googleClientId;
  if (lead.yandexClientId) addfields[ANALYTICS_DEAL_FIELDS.yandex] = lead.yandexClientId;
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
