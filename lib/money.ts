/**
 * Prices in roubles (ru-RU locale with RUB). Whole roubles only: the school's prices have no
 * kopecks, so fractions are rounded rather than shown. Output uses the locale's no-break spaces
 * ("13 790 ₽"), so a price never wraps between its digits and the sign.
 */
const rubles = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });

export const perMonthSuffix = '/мес.';

export function formatRub(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new RangeError(`A price must be a finite, non-negative number of roubles, got ${amount}`);
  }
  return rubles.format(amount);
}

/** A price as a tariff or an offer shows it: "4 648 ₽/мес." for monthly payments. */
export function formatPrice(amount: number, { monthly = false }: { monthly?: boolean } = {}): string {
  return monthly ? `${formatRub(amount)}${perMonthSuffix}` : formatRub(amount);
}

/** The discount in whole percent between an old and a new price, e.g. 13790 -> 0 is 100. */
export function discountPercent(oldPrice: number, price: number): number {
  if (!(oldPrice > 0) || price < 0 || price > oldPrice) {
    throw new RangeError(`A discount needs 0 <= price <= oldPrice and oldPrice > 0, got ${price} of ${oldPrice}`);
  }
  return Math.round((1 - price / oldPrice) * 100);
}
