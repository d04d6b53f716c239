import type { ComponentProps } from 'react';

export const tabLabel = 'Новый курс Vue 3 / Подарок за подписку!';

export const tabClassName =
  'flex min-w-0 flex-1 items-center justify-center rounded-lg bg-emerald-700 px-2 text-center text-[11px] font-semibold leading-tight text-white hover:bg-emerald-800 aria-expanded:bg-emerald-800 ' +
  'sm:fixed sm:right-0 sm:top-1/2 sm:z-40 sm:block sm:flex-none sm:-translate-y-1/2 sm:rounded-none sm:rounded-l-lg sm:py-3 sm:text-sm sm:shadow-lg sm:[writing-mode:vertical-rl]';

/**
 * The teaser's tab. On a phone it is the right part of the dock at the bottom (app/(site)/floating-widgets.tsx),
 * taking the room the gift tab leaves, its words wrapped; from the `sm` breakpoint up it stands on the right
 * edge, where text lines end ragged. One look for every state: the plain button drawn at idle, the popover's
 * trigger once it loaded.
 */
export function VueTeaserTab(props: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      {...props}
      className={tabClassName}
    >
      {tabLabel}
    </button>
  );
}
