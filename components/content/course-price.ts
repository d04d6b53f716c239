import type { Course } from '@/content/courses';
import { coursePriceLine } from '@/lib/price-references';

/**
 * The price line of a course card: "Бесплатно", "2 990 ₽" for a single one-off price, otherwise the
 * cheapest tariff with "от" ("от 4 990 ₽/мес."). Monthly tariffs win over one-off ones, because the
 * instalment is what visitors compare. The same line `{цена от}` writes into a text (lib/price-references.ts).
 */
export function coursePriceLabel(course: Pick<Course, 'tariffs'>): string {
  return coursePriceLine(course);
}
