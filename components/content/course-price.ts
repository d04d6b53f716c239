import type { Course } from '@/content/courses';
import { formatPrice } from '@/lib/money';

/**
 * The price line of a course card: "Бесплатно", "2 990 ₽" for a single one-off price, otherwise the
 * cheapest tariff with "от" ("от 4 990 ₽/мес."). Monthly tariffs win over one-off ones, because the
 * instalment is what visitors compare.
 */
export function coursePriceLabel(course: Pick<Course, 'tariffs'>): string {
  const tariffs = course.tariffs;
  if (tariffs.every((tariff) => tariff.price === 0)) return 'Бесплатно';
  const monthly = tariffs.filter((tariff) => tariff.monthly);
  const candidates = monthly.length > 0 ? monthly : tariffs;
  const cheapest = candidates.reduce((best, tariff) => (tariff.price < best.price ? tariff : best));
  const price = formatPrice(cheapest.price, { monthly: cheapest.monthly });
  return tariffs.length === 1 ? price : `от ${price}`;
}
