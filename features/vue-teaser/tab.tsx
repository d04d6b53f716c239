import type { ComponentProps } from 'react';

export const tabLabel = 'Новый курс Vue 3 / Подарок за подписку!';

export const tabClassName =
  'ml-auto flex w-[max(8.5rem,calc(100%-12.5rem))] min-w-0 items-center rounded-md bg-emerald-700 px-1.5 text-center text-[11px] font-semibold leading-tight text-white hover:bg-emerald-800 aria-expanded:bg-emerald-800 ' +
  'sm:fixed sm:right-0 sm:top-1/2 sm:z-40 sm:block sm:w-auto sm:-translate-y-1/2 sm:rounded-none sm:rounded-l-lg sm:px-2 sm:py-3 sm:text-sm sm:shadow-lg sm:[writing-mode:vertical-rl]';

/**
 * The teaser's tab. On a phone it is the right part of the header's strip
 * (components/layout/header-tab-strip.tsx). Its width depends on the strip alone, leaving 12 rem to
 * the gift tab (its caption and a countdown of a few days): the gift's schedule arrives after this tab
 * is drawn, and a tab that narrowed then would move on the screen (a countdown of weeks takes more, and
 * this tab yields it). Its words wrap onto a second line
 * and, should even that be short, end in an ellipsis (the button's name stays the whole text). From the
 * `sm` breakpoint up it stands on the right edge, where text lines end ragged. One look for every state:
 * the plain button drawn at idle, the popover's trigger once it loaded, the channel link.
 */
export function VueTeaserTab(props: ComponentProps<'button'>) {
  return (
    <button type="button" aria-haspopup="dialog" {...props} className={tabClassName}>
      <TabWords />
    </button>
  );
}

export function TabWords() {
  return <span className="line-clamp-2 sm:line-clamp-none">{tabLabel}</span>;
}
