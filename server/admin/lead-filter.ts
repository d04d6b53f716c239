import { deliveryStates, paymentStates, type DeliveryState, type LeadCursor, type LeadFilter, type PaymentState } from '../repositories/lead-queries';

/** The leads list's query string, as the filter form sends it (every value a string). */
export type LeadSearchParams = Record<string, string | string[] | undefined>;

const MOSCOW = '+03:00';
const DAY_MS = 86_400_000;

function one(params: LeadSearchParams, key: string): string | undefined {
  const value = params[key];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text.slice(0, 200) : undefined;
}

/** `2026-11-23` as the start of that day in Moscow; undefined when it is not a date. */
function moscowDayStart(text: string | undefined): number | undefined {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const time = Date.parse(`${text}T00:00${MOSCOW}`);
  return Number.isNaN(time) ? undefined : time;
}

/** The filter of the list and of its CSV export: `from`/`to` are Moscow days, both included. */
export function parseLeadFilter(params: LeadSearchParams): LeadFilter {
  const to = moscowDayStart(one(params, 'to'));
  const delivery = one(params, 'delivery');
  const spam = one(params, 'spam');
  const payment = one(params, 'payment');
  return {
    from: moscowDayStart(one(params, 'from')),
    to: to === undefined ? undefined : to + DAY_MS,
    formId: one(params, 'form'),
    productName: one(params, 'product'),
    utmSource: one(params, 'utm_source'),
    utmCampaign: one(params, 'utm_campaign'),
    payment: paymentStates.includes(payment as PaymentState) ? (payment as PaymentState) : undefined,
    delivery: deliveryStates.includes(delivery as DeliveryState) ? (delivery as DeliveryState) : undefined,
    spam: spam === 'only' || spam === 'exclude' || spam === 'withheld' ? spam : undefined,
    search: one(params, 'q'),
  };
}

const filterKeys = ['from', 'to', 'form', 'product', 'utm_source', 'utm_campaign', 'payment', 'delivery', 'spam', 'q'] as const;

/** The query string of the same filter (for the next page and the export links); empty values dropped. */
export function filterQuery(params: LeadSearchParams, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const key of filterKeys) {
    const value = one(params, key);
    if (value) query.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The next page's cursor as the list's query string carries it: `<created_at>.<id>`. */
export function encodeCursor(cursor: LeadCursor): string {
  return `${cursor.createdAt}.${cursor.id}`;
}

export function decodeCursor(text: string | undefined | null): LeadCursor | null {
  const match = /^(\d{1,15})\.(\d{1,12})$/.exec(text ?? '');
  return match ? { createdAt: Number(match[1]), id: Number(match[2]) } : null;
}
