import type { Tariff } from '@/content/courses';
import { formatPrice } from '@/lib/money';
import type { PageVariantChanges } from '@/lib/page-tests/variants';
import type { CourseFirstScreen } from '@/components/content/first-screen';

/**
 * A page test's variant of a course page («Тесты страниц»): the changes it makes, applied on the server
 * as the page renders, so the first response already carries them (no script swaps text after paint).
 * `blockId` is what its lead form posts (`page-test:<test>:<letter>`), checked by the server against the
 * visitor's signed id.
 */
export interface PageVariant extends PageVariantChanges {
  blockId: string;
}

/** The tariffs with the variant's lead tariff first (the others in their order). */
export function tariffsLedBy(tariffs: readonly Tariff[], leadTariff: string | null | undefined): Tariff[] {
  const lead = tariffs.find((tariff) => tariff.name === leadTariff);
  return lead ? [lead, ...tariffs.filter((tariff) => tariff !== lead)] : [...tariffs];
}

/** The first screen with the variant's headline, line under it, button label and leading price. */
export function withPageVariant(screen: CourseFirstScreen, tariffs: readonly Tariff[], variant: PageVariantChanges | undefined): CourseFirstScreen {
  if (!variant) return screen;
  const lead = tariffs.find((tariff) => tariff.name === variant.leadTariff);
  return {
    ...screen,
    headline: variant.headline ?? screen.headline,
    lead: variant.subheadline ?? screen.lead,
    cta: variant.buttonLabel ?? screen.cta,
    priceLine: lead ? (lead.price === 0 ? 'Бесплатно' : formatPrice(lead.price, { monthly: lead.monthly })) : screen.priceLine,
  };
}
