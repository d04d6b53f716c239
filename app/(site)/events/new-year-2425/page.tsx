import type { Metadata } from 'next';
import { JsonLd } from '@/components/content/json-ld';
import { CarryQueryLink } from '@/components/ui/carry-query-link';
import { giftPromotion } from '@/content/gift-promotion';
import { biggestGiftDiscount, giftOffers, type GiftOffer } from '@/content/gift-offers';
import { contacts } from '@/content/site';
import { giftPromotionJsonLd } from '@/features/content-pages/structured-data';
import { formatPrice, formatRub } from '@/lib/money';
import { pageMetadata } from '@/lib/page-metadata';
import { typography } from '@/lib/typography';

export const metadata: Metadata = pageMetadata({
  title: giftPromotion.metaTitle,
  description: typography(giftPromotion.description),
  path: giftPromotion.path,
  image: { src: giftPromotion.ogImage, alt: giftPromotion.metaTitle },
});

const steps = [
  'Подарки открываются по очереди: у каждого — своё окно, от нескольких часов до пары дней. Какой подарок следующий, Санта держит в секрете.',
  'Пока подарок доступен, в левом нижнем углу любой страницы сайта горит оранжевая вкладка с надписью «Не упустите» и таймером до конца окна. Между подарками вкладка серая и считает время до следующего.',
  `Нажмите на вкладку, оставьте имя, почту и телефон — и подарок ваш. Для курсов с оплатой сразу откроется страница оплаты, по остальным менеджер перезвонит в рабочее время, ${contacts.callHoursPhrase}.`,
];

/** The gift promotion of spec 2.1: what it is, how the windows work, and all 13 offers with prices. */
export default function NewYearPromotionPage() {
  return (
    <article className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
      <JsonLd data={giftPromotionJsonLd(giftOffers)} />
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">{giftPromotion.kicker}</p>
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{typography(giftPromotion.title)}</h1>
        <p className="mt-4 text-lg text-gray-700">
          {typography(
            `Под Новый год Санта спрятал на сайте 13 подарков: курсы, интенсивы и целые программы обучения со скидками до ${biggestGiftDiscount()}%. Каждый подарок можно забрать только в своё окно — заглядывайте почаще, чтобы не пропустить свой.`,
          )}
        </p>
      </header>

      <section aria-labelledby="how-it-works" className="mt-12">
        <h2 id="how-it-works" className="text-2xl font-bold">
          Как забрать подарок
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={index} className="rounded-2xl bg-orange-50 p-5">
              <span className="text-3xl font-bold text-orange-700" aria-hidden="true">
                {index + 1}
              </span>
              <p className="mt-2 text-gray-800">{typography(step)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="gifts" className="mt-12">
        <h2 id="gifts" className="text-2xl font-bold">
          Все 13 подарков
        </h2>
        <p className="mt-2 text-gray-700">
          {typography('Цены действуют только в окно подарка. Цена со значком «/мес.» — ежемесячный платёж в рассрочку.')}
        </p>
        <ol className="mt-6 grid gap-4 md:grid-cols-2">
          {giftOffers.map((offer) => (
            <OfferCard key={offer.number} offer={offer} />
          ))}
        </ol>
      </section>

      <section aria-labelledby="questions" className="mt-12 max-w-3xl">
        <h2 id="questions" className="text-2xl font-bold">
          Остались вопросы?
        </h2>
        <p className="mt-2 text-gray-700">
          {typography(
            `Напишите нам на ${contacts.supportEmail} или позвоните по номеру ${contacts.phone.display} — мы на связи ${contacts.workTime}. А пока можно выбрать курс в каталоге.`,
          )}
        </p>
        <CarryQueryLink
          href="/products"
          className="mt-4 inline-flex h-11 items-center rounded-xl bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
        >
          Каталог курсов
        </CarryQueryLink>
      </section>
    </article>
  );
}

function OfferCard({ offer }: { offer: GiftOffer }) {
  const paysNow = offer.formConfig.formType !== 'ajax';
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
      <p className="mt-2 text-sm text-gray-600">
        {paysNow ? 'Оплата сразу на странице оплаты' : 'Рассрочка: детали расскажет менеджер'}
      </p>
    </li>
  );
}
