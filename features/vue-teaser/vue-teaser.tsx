'use client';

import * as Popover from '@radix-ui/react-popover';
import { CloseIcon } from '@/components/ui/close-icon';
import { contacts } from '@/content/site';

const tabLabel = 'Новый курс Vue 3 / Подарок за подписку!';

/**
 * The Vue 3 course teaser (spec 2.7, 4.6): a tab on the right edge that toggles a panel about the gifts
 * for subscribers of the framework channel. A non-modal Radix popover: the tab toggles it, and Escape,
 * a click outside, the close icon or tabbing away close it; focus goes into the panel and back.
 */
export default function VueTeaser() {
  return (
    <Popover.Root>
      {/* On the right edge, where text lines end ragged, so the tab hides the least of the page. */}
      <Popover.Trigger className="fixed right-0 top-1/2 z-40 -translate-y-1/2 rounded-l-lg bg-emerald-700 px-1.5 py-3 text-[11px] font-semibold leading-tight text-white shadow-lg [writing-mode:vertical-rl] hover:bg-emerald-800 data-[state=open]:bg-emerald-800 sm:px-2 sm:text-sm">
        {tabLabel}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="left"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby="vue-teaser-title"
          className="relative z-40 w-[min(22rem,calc(100vw-4rem))] rounded-2xl border border-emerald-100 bg-white p-5 pr-10 text-sm shadow-xl"
        >
          <Popover.Close
            aria-label="Закрыть"
            className="absolute right-2 top-2 rounded-full p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
          >
            <CloseIcon className="size-4" />
          </Popover.Close>
          <h2 id="vue-teaser-title" className="text-lg font-bold">
            Новый курс Vue 3
          </h2>
          <p className="mt-2 text-gray-700">Подпишитесь на наш канал о фреймворках — подписчикам дарим:</p>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-gray-700 marker:text-emerald-700">
            <li>гайд по Vue 3 для тех, кто уже пишет на React: ключевые идеи и первые шаги;</li>
            <li>сравнительную таблицу React и Vue: синтаксис, реактивность, экосистема;</li>
            <li>новости о старте курса раньше всех.</li>
          </ul>
          <a
            href={contacts.frameworkChannel}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex w-full items-center justify-center rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800"
          >
            Перейти в канал
          </a>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
