import type { AjaxFormConfig } from '@/lib/leads/form-config';

/**
 * The shape of a timed pop-up: the contract between content/popups.ts
 * (the file's pop-ups, re-exported there), the database's versions, `GET /api/popups` and the browser.
 */

export interface PopupTargeting {
  includePaths: readonly string[];
  excludePaths: readonly string[];
  /** Shown on the pages whose `<meta name="popup">` carries this value, and it beats any path match. */
  pageMarker?: string;
  showDelayMs: number;
}

export interface PromoPopupContent {
  kind: 'promo';
  /** A raster file under `public/images/popups/` (made by `scripts/generate-popup-images.ts`). */
  image: { src: string; width: number; height: number; alt: string };
  heading: string;
  text: string;
  actionLabel: string;
  /** Opened in a new tab; using it finishes the pop-up. */
  actionHref: string;
}

/** The shared form of the lead-form pop-ups: an extra discount. */
export interface DiscountPopupContent {
  kind: 'discount';
  title: string;
  text: string;
  submitLabel: string;
}

/**
 * The gift variant: a course for `price` instead of the struck-through `oldPrice`, paid at once. A
 * struck-through price that repeats course tariffs names them in `oldPriceFrom` (as in gift offers), so
 * the content check fails the build when the course price changes and this one does not.
 */
export interface GiftPopupContent {
  kind: 'gift';
  title: string;
  offer: { price: number; oldPrice: number; oldPriceFrom?: readonly { course: string; tariff: number }[]; condition: string };
  submitLabel: string;
}

export interface PromoPopupConfig extends PopupTargeting {
  popupName: string;
  formConfig: null;
  content: PromoPopupContent;
}

export interface LeadFormPopupConfig extends PopupTargeting {
  /** Optional: the id falls back to the form id. */
  popupName?: string;
  formConfig: AjaxFormConfig & { submitAnalyticsEvent: { event: 'application' } };
  content: DiscountPopupContent | GiftPopupContent;
}

export type PopupConfig = PromoPopupConfig | LeadFormPopupConfig;
