'use client';

import { useState } from 'react';
import { intentHandlers } from '@/components/lazy/intent';
import { lazyWithRetry } from '@/components/lazy/lazy-with-retry';
import { contacts } from '@/content/site';
import { TabWords, tabClassName, VueTeaserTab } from './tab';

// The panel and the popover library come with the first press (fetched as the pointer or focus nears).
// Until they are there the tab stays, busy; if they cannot arrive, the tab leads to the channel itself.
const VueTeaserPopover = lazyWithRetry(() => import('./vue-teaser-popover'), {
  name: 'vue-teaser',
  loading: <VueTeaserTab aria-expanded={false} aria-busy />,
  fallback: <ChannelTab />,
});

/** The Vue 3 course teaser: drawn at idle as a plain tab, no library until it is pressed. */
export default function VueTeaser() {
  const [pressed, setPressed] = useState(false);
  if (pressed) return <VueTeaserPopover />;
  return <VueTeaserTab aria-expanded={false} {...intentHandlers(VueTeaserPopover)} onClick={() => setPressed(true)} />;
}

function ChannelTab() {
  return (
    <a href={contacts.frameworkChannel} target="_blank" rel="noopener noreferrer" className={tabClassName}>
      <TabWords />
    </a>
  );
}
