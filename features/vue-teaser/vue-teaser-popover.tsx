'use client';

import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { CloseIcon } from '@/components/ui/close-icon';
import { contacts } from '@/content/site';
import { smallBreakpointUp } from '@/lib/breakpoints';
import { VueTeaserTab } from './tab';

/**
 * The teaser's panel, loaded when the tab is first pressed and mounted open: a non-modal
 * Radix popover about the gifts for subscribers of the framework channel. The tab toggles it, and Escape,
 * a click outside, the close icon or tabbing away close it; focus goes into the panel and back.
 */
export default function VueTeaserPopover() {
  // Beside the tab on the right edge; on a phone below the header, whose strip holds the tab.
  const [side] = useState<'left' | 'bottom'>(() => (window.matchMedia(smallBreakpointUp).matches ? 'left' : 'bottom'));
  return (
    <Popover.Root defaultOpen>
      <Popover.Trigger asChild>
        <VueTeaserTab />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side={side}
          align={side === 'bottom' ? 'end' : 'center'}
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby="vue-teaser-title"
          className="relative z-40 w-[min(22rem,calc(100vw-4rem))] rounded-2xl border border-emerald-100 bg-white p-5 pr-10 text-sm shadow-xl"
        >
          <Popover.Close aria-label="Закрыть" className="absolute right-2 top-2 rounded-full p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900">
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
