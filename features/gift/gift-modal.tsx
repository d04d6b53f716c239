'use client';

import type { RefObject } from 'react';
import { FormSuccess, LeadForm } from '@/components/lead-form';
import { DialogContent, Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { CarryQueryLink } from '@/components/ui/carry-query-link';
import { giftOfferInput, giftOfferInputs, type GiftOfferInput, type GiftPrices } from '@/content/gift-offers';
import { contacts } from '@/content/site';
import { formatCountdown, timeLeft } from '@/lib/countdown';
import { formatPrice, formatRub } from '@/lib/money';
import type { GiftState } from './schedule';

export const PROMOTION_PAGE = '/events/new-year-2425';

export interface GiftModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: GiftState;
  now: number;
  /** The tab that opened the modal: the dialog has no Radix trigger, so focus is given back by hand. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The gift modal (max 600 px). It follows the tab's state while open: the offer and its
 * form while a window runs, the list of secret gifts and the time to the next one otherwise.
 * The offer's texts and form come from content/gift-offers.ts; its struck-out price and discount come
 * with the window from the server (`GET /api/gift-schedule`), which looks them up in the course
 * tariffs the offer refers to: the courses never reach this chunk.
 */
export default function GiftModal({ open, onOpenChange, state, now, returnFocusTo }: GiftModalProps) {
  const offer = state.status === 'active' ? giftOfferInput(state.window.giftNumber) : undefined;
  const { oldPrice, discount } = state.status === 'active' ? state.window : {};
  const prices = oldPrice !== undefined && discount !== undefined ? { oldPrice, discount } : undefined;
  const countdown = state.status === 'hidden' ? null : formatCountdown(timeLeft(state.countdownTo, now));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        maxWidth={600}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        {offer && countdown ? <ActiveGift key={offer.number} offer={offer} prices={prices} countdown={countdown} /> : <InactiveGift countdown={countdown} />}
      </DialogContent>
    </Dialog>
  );
}

function ActiveGift({ offer, prices, countdown }: { offer: GiftOfferInput; prices: GiftPrices | undefined; countdown: string }) {
  return (
    <div data-gift-offer={offer.number}>
      <p className="text-sm font-semibold uppercase tracking-wide text-orange-700">Подарок от Санты</p>
      <DialogTitle className="mt-1">{offer.name}</DialogTitle>
      <p className="mt-3 text-sm text-gray-700">
        Подарок доступен ещё: <span className="font-semibold tabular-nums text-ink">{countdown}</span>
      </p>

      <p className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        {prices && (
          <>
            <span className="sr-only">Цена без скидки:</span>
            <s className="text-lg text-gray-500">{formatRub(prices.oldPrice)}</s>
          </>
        )}
        <span className="sr-only">Цена по акции:</span>
        <span data-gift-price className="text-3xl font-bold">
          {formatPrice(offer.price, { monthly: offer.isMonthlyPayment })}
        </span>
        {prices && (
          <span className="rounded-full bg-orange-700 px-2.5 py-0.5 text-sm font-semibold text-white">
            <span className="sr-only">Скидка </span>−{prices.discount}%
          </span>
        )}
      </p>

      <DialogDescription className="mt-4 text-gray-700">{offer.description}</DialogDescription>

      <LeadForm
        className="mt-6"
        config={offer.formConfig}
        submitLabel="Забрать подарок"
        blockId="gift-modal"
        success={({ kind }) => (
          <FormSuccess
            title="Заявка отправлена!"
            description={
              kind === 'ajax'
                ? `Менеджер позвонит вам ${contacts.callHoursPhrase}.`
                : 'Страница оплаты открылась в\u00a0другом окне: завершите оплату там, чтобы забрать подарок.'
            }
          />
        )}
      />
    </div>
  );
}

function InactiveGift({ countdown }: { countdown: string | null }) {
  return (
    <div>
      {countdown && (
        <p className="flex flex-col items-start rounded-xl bg-gray-100 px-4 py-3">
          <span className="text-sm text-gray-700">До следующего подарка</span>
          <span className="text-2xl font-bold tabular-nums">{countdown}</span>
        </p>
      )}
      <DialogTitle className="mt-4">Секретные подарки от Санты</DialogTitle>
      <DialogDescription className="mt-2 text-gray-700">
        Санта открывает подарки по&nbsp;очереди, и&nbsp;каждый доступен совсем недолго. Заглядывайте к&nbsp;нам почаще&nbsp;— так вы точно не&nbsp;пропустите
        свой.
      </DialogDescription>

      <h3 className="mt-5 font-semibold">Что лежит в&nbsp;мешке у&nbsp;Санты</h3>
      <ol className="mt-2 grid list-decimal gap-1.5 pl-6 text-sm text-gray-800 marker:text-gray-500">
        {giftOfferInputs.map((offer) => (
          <li key={offer.number}>{offer.name}</li>
        ))}
      </ol>

      <CarryQueryLink
        href={PROMOTION_PAGE}
        target="_blank"
        rel="noopener"
        className="mt-6 inline-flex h-11 items-center rounded-xl bg-orange-700 px-5 font-semibold text-white hover:bg-orange-800"
      >
        {/* The full label where there is room; the accessible name always matches what is shown. */}
        <span className="hidden sm:inline">Новогодняя акция</span>
        <span className="sm:hidden">Об акции</span>
        <span className="sr-only"> (откроется в новой вкладке)</span>
      </CarryQueryLink>
    </div>
  );
}
