import type { ReactNode } from 'react';
import { CarryQueryLink } from '@/components/ui/carry-query-link';
import type { GiftOffer } from '@/content/gift-offers';
import type { giftPromotion } from '@/content/gift-promotion';
import { formatPrice, formatRub } from '@/lib/money';
import { typography } from '@/lib/typography';

/** The gift promotion page: what it is, how the windows work, and every offer with its prices. */
export function GiftPromotionPage({ copy, offers, structuredData }: { copy: typeof giftPromotion; offers: readonly GiftOffer[]; structuredData: ReactNode }) {
  return (
    <article className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
      {structuredData}
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">{copy.kicker}</p>
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{typography(copy.title)}</h1>
        <p className="mt-4 text-lg text-gray-700">{typography(copy.lead)}</p>
      </header>

      <PromotionSection id="how-it-works" heading={copy.stepsHeading}>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {copy.steps.map((step, index) => (
            <li key={index} className="rounded-2xl bg-orange-50 p-5">
              <span className="text-3xl font-bold text-orange-700" aria-hidden="true">
                {index + 1}
              </span>
              <p className="mt-2 text-gray-800">{typography(step)}</p>
            </li>
          ))}
        </ol>
      </PromotionSection>

      <PromotionSection id="gifts" heading={copy.offersHeading}>
        <p className="mt-2 text-gray-700">{typography(copy.pricesNote)}</p>
        <ol className="mt-6 grid gap-4 md:grid-cols-2">
          {offers.map((offer) => (
            <OfferCard key={offer.number} offer={offer} payment={offer.formConfig.formType === 'ajax' ? copy.payByInstalments : copy.payNow} />
          ))}
        </ol>
      </PromotionSection>

      <PromotionSection id="questions" heading={copy.questionsHeading} className="mt-12 max-w-3xl">
        <p className="mt-2 text-gray-700">{typography(copy.questions)}</p>
        <CarryQueryLink
          href={copy.catalogLink.href}
          className="mt-4 inline-flex h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
        >
          {copy.catalogLink.label}
        </CarryQueryLink>
      </PromotionSection>
    </article>
  );
}

/** A titled part of the page, named by its heading. */
function PromotionSection({ id, heading, className = 'mt-12', children }: { id: string; heading: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

function OfferCard({ offer, payment }: { offer: GiftOffer; payment: string }) {
  return (
    <li className="flex flex-col rounded-2xl border border-gray-200 p-5">
      <p className="text-sm text-gray-600">Подарок {offer.number}</p>
      <h3 className="mt-1 text-lg font-semibold">{typography(offer.name)}</h3>
      <p className="mt-2 flex-1 text-gray-700">{typography(offer.description)}</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-2xl font-bold">{formatPrice(offer.price, { monthly: offer.isMonthlyPayment })}</span>
        <s className="text-gray-600">
          <span className="sr-only">Без скидки: </span>
          {formatRub(offer.oldPrice)}
        </s>
        <span className="rounded-full bg-orange-700 px-2 py-0.5 text-sm font-semibold text-white">−{offer.discount}%</span>
      </p>
      <p className="mt-2 text-sm text-gray-600">{payment}</p>
    </li>
  );
}
