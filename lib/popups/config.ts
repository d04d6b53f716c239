import type { AjaxFormConfig } from '@/lib/leads/form-config';
import type { PriceValue } from '@/lib/price-references';

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
 * The gift variant: a course for `price` instead of the struck-through `oldPrice`, paid at once. A price
 * that repeats a course's tariff is written as a reference to it (`{цена advanced-js}`, lib/price-references.ts),
 * in content/popups.ts and in the console alike, and stored so: every answer to a visitor looks the figure
 * up in the courses (lib/popups/prices.ts), so a release that changes the course price changes this one.
 */
export interface GiftPopupContent<Price extends PriceValue = PriceValue> {
  kind: 'gift';
  title: string;
  offer: { price: Price; oldPrice: Price; condition: string };
  submitLabel: string;
}

export interface PromoPopupConfig extends PopupTargeting {
  popupName: string;
  formConfig: null;
  content: PromoPopupContent;
}

export interface LeadFormPopupConfig<Price extends PriceValue = PriceValue> extends PopupTargeting {
  /** Optional: the id falls back to the form id. */
  popupName?: string;
  formConfig: AjaxFormConfig & { submitAnalyticsEvent: { event: 'application' } };
  content: DiscountPopupContent | GiftPopupContent<Price>;
}

/** As written (prices may be references) or, with `number`, as a visitor gets it: every price in roubles. */
export type PopupConfig<Price extends PriceValue = PriceValue> = PromoPopupConfig | LeadFormPopupConfig<Price>;
