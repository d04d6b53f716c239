'use client';

import { useRef, useState } from 'react';
import { intentHandlers } from '@/components/lazy/intent';
import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';
import { formatCountdown, timeLeft } from '@/lib/countdown';
import { giftStateAt } from './schedule';
import { useClock } from './use-clock';
import { useGiftSchedule } from './use-gift-schedule';

// The modal (Radix Dialog), the offers and the form are a separate chunk, fetched on the first click
// (or a moment earlier, when the pointer or focus reaches the tab or the press begins).
const GiftModal = lazyWithRetry(() => import('./gift-modal'), { name: 'gift-modal' });

/**
 * On a phone the tab is the left part of the header's strip (components/layout/header-tab-strip.tsx), as
 * wide as its two small lines and without the icon, so the Vue tab beside it keeps room for its words;
 * from the `sm` breakpoint up it floats at the bottom left.
 */
const tabClassName =
  'flex shrink-0 items-center rounded-md px-1.5 text-left text-white transition-colors hover:brightness-110 ' +
  'sm:fixed sm:bottom-4 sm:left-0 sm:z-40 sm:gap-2 sm:rounded-l-none sm:rounded-r-xl sm:py-2 sm:pl-2 sm:pr-3 sm:shadow-lg';

/**
 * The gift tab: orange with the time left while a gift window runs, grey with the time to
 * the next window otherwise, absent when neither exists or the schedule could not be loaded.
 */
export default function GiftWidget() {
  const loaded = useGiftSchedule();
  const now = useClock(loaded?.clockOffset ?? null);
  const schedule = loaded?.windows;
  const [open, setOpen] = useState(false);
  const [modalRequested, setModalRequested] = useState(false);
  const tabRef = useRef<HTMLButtonElement>(null);

  if (!schedule) return null;
  const state = giftStateAt(schedule, now);
  if (state.status === 'hidden' && !open) return null;

  const active = state.status === 'active';

  return (
    <>
      {/* Hidden while open only when the last window ended under the modal: the modal stays until closed. */}
      {state.status !== 'hidden' && (
        <button
          ref={tabRef}
          type="button"
          data-gift-state={state.status}
          aria-haspopup="dialog"
          aria-expanded={open}
          {...intentHandlers(GiftModal)}
          onClick={() => {
            setModalRequested(true);
            setOpen(true);
          }}
          className={`${tabClassName} ${active ? 'bg-orange-700' : 'bg-gray-600'}`}
        >
          <GiftIcon />
          <span className="flex flex-col leading-tight">
            <span className="whitespace-nowrap text-[11px] sm:text-xs">Заберите подарок от Санты</span>
            <span className="whitespace-nowrap text-[11px] font-semibold sm:text-sm">
              {active ? 'Не упустите:' : 'До подарка:'} <span className="tabular-nums">{formatCountdown(timeLeft(state.countdownTo, now))}</span>
            </span>
          </span>
        </button>
      )}
      {modalRequested && <GiftModal open={open} onOpenChange={setOpen} state={state} now={now} returnFocusTo={tabRef} />}
    </>
  );
}

function GiftIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="hidden size-7 shrink-0 sm:block"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
      <path d="M7.5 8a2.5 2.5 0 0 1 0-5C10 3 12 8 12 8s2-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </svg>
  );
}
