import type { ComponentProps } from 'react';

export const tabLabel = 'Новый курс Vue 3 / Подарок за подписку!';

export const tabClassName =
  'fixed right-0 top-1/2 z-40 -translate-y-1/2 rounded-l-lg bg-emerald-700 px-1.5 py-3 text-[11px] font-semibold leading-tight text-white shadow-lg [writing-mode:vertical-rl] hover:bg-emerald-800 aria-expanded:bg-emerald-800 sm:px-2 sm:text-sm';

/**
 * The teaser's tab on the right edge, where text lines end ragged, so it hides the least of the page.
 * One look for every state: the plain button drawn at idle, the popover's trigger once it loaded.
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
