import type { ErasureCounts } from '../repositories/personal-data';

/**
 * What the operator sees after an erasure: the counts (never the visitor's data beyond the e-mail they
 * asked about) and the part only a person can do, since the site has no way to delete in GetCourse.
 */
export function erasureReport(email: string, counts: ErasureCounts): string {
  return `Erased from the site's database for ${email}:
  leads: ${counts.leads}
  GetCourse deliveries: ${counts.deliveries} (already sent to GetCourse: ${counts.deliveriesSent})
  rate-limit counter rows: ${counts.counterRows}

The site cannot delete what GetCourse holds. Do this by hand in the school's GetCourse account,
even when nothing was sent from here (payment-page forms post to GetCourse from the browser):
  1. Пользователи → Пользователи: search for ${email} and open the user's card.
  2. Delete the user's deals/orders (Продажи → Заказы, filtered by this user); paid orders that
     accounting law requires to keep stay, and the answer to the visitor says so.
  3. Delete the user in their card, then answer the visitor that their data is erased.`;
}
