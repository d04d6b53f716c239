import { CtaLink } from '@/components/content/cta-link';
import { PageSection } from '@/components/content/page-section';
import { cn } from '@/components/ui/cn';
import type { Course, Tariff } from '@/content/courses';
import { discountPercent, formatPrice } from '@/lib/money';
import { pluralRu } from '@/lib/plural';
import { typography } from '@/lib/typography';
import { MarkedList } from '@/components/content/marked-list';
import { tariffsLedBy } from './page-variant';

const monthForms = { one: 'месяц', few: 'месяца', many: 'месяцев' };

/** Price plans (a page test's variant may lead with another tariff). The section id `tariff-description` is the price anchor pop-ups and ads link to. */
export function TariffsSection({ course, leadTariff }: { course: Course; leadTariff?: string | null }) {
  const free = course.tariffs.every((tariff) => tariff.price === 0);
  return (
    <PageSection
      id="tariff-description"
      title={free ? 'Участие бесплатно' : 'Тарифы и цены'}
      intro={free ? undefined : 'Цены указаны в рублях. Можно оплатить сразу, в рассрочку без переплат или за счёт работодателя.'}
      tone="muted"
    >
      <ul className={cn('grid gap-6', course.tariffs.length > 1 && 'md:grid-cols-2', course.tariffs.length > 2 && 'lg:grid-cols-3')}>
        {tariffsLedBy(course.tariffs, leadTariff).map((tariff) => (
          <li key={tariff.name}>
            <TariffCard tariff={tariff} cta={free ? course.hero.cta : 'Выбрать тариф'} />
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

function TariffCard({ tariff, cta }: { tariff: Tariff; cta: string }) {
  return (
    <article className={cn('flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1', tariff.recommended ? 'ring-2 ring-brand-600' : 'ring-gray-200')}>
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-xl font-bold">{typography(tariff.name)}</h3>
        {tariff.recommended && <p className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">Выбирают чаще</p>}
      </div>
      <p className="mt-2 text-gray-600">{typography(tariff.description)}</p>
      <div className="mt-6">
        {tariff.price === 0 ? (
          <p className="text-3xl font-bold">Бесплатно</p>
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="sr-only">Цена: </span>
              <span className="text-3xl font-bold">{formatPrice(tariff.price, { monthly: tariff.monthly })}</span>
              {tariff.oldPrice !== undefined && (
                <>
                  <s className="text-gray-500">
                    <span className="sr-only">вместо </span>
                    {formatPrice(tariff.oldPrice, { monthly: tariff.monthly })}
                  </s>
                  <span className="rounded-md bg-orange-100 px-2 py-0.5 text-sm font-semibold text-orange-800">
                    −{discountPercent(tariff.oldPrice, tariff.price)}%
                  </span>
                </>
              )}
            </p>
            {tariff.months !== undefined && (
              <p className="mt-1 text-sm text-gray-600">
                в рассрочку на {tariff.months} {pluralRu(tariff.months, monthForms)} без переплат
              </p>
            )}
          </>
        )}
      </div>
      <MarkedList items={tariff.features} className="mt-6 grid gap-2 text-gray-800" />
      <CtaLink href="#lead-form" variant={tariff.recommended ? 'primary' : 'outline'} size="md" className="mt-8 w-full">
        {cta}
      </CtaLink>
    </article>
  );
}
