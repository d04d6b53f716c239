/** The shape of one accepted form (content/lead-forms.ts lists them): a leaf, so every form list can import it. */
export type LeadEvent = 'lead' | 'application' | 'auto_purchase';

/**
 * How a lead of this form reaches GetCourse.
 * - `deal`: the outbox worker imports a deal (`/pl/api/deals`) under the lead's deal number;
 *   `productTitle` (default: the product name) or `offerCode` names what the deal is for.
 * - `browser`: a native form; the visitor's browser posts it to GetCourse itself, we only keep the record.
 */
export type LeadDelivery = DealDelivery | { kind: 'browser' };

export interface DealDelivery {
  kind: 'deal';
  productTitle?: string;
  offerCode?: string;
}

export interface LeadFormEntry {
  id: string;
  /** The analytics `product_name` and, unless the delivery names one, the deal's product. */
  productName: string;
  event: LeadEvent;
  delivery: LeadDelivery;
  /** A gift offer's form: its leads are taken only while that gift's window of the schedule runs. */
  giftNumber?: number;
}
