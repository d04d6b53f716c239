'use client';

import { GoogleTagManager } from '@next/third-parties/google';
import { useEffect } from 'react';
import { pushDataLayer } from '@/lib/analytics';
import { carryQueryIntoLinks } from './carry-query-links';
import { gtmContainerId } from './config';
import { readStoredUserId } from './session';

/** Once per page load, also under React's development double effects. */
let userIdPushed = false;

/**
 * Session analytics (spec 7), mounted by the floating widgets once the page is idle: the tag manager,
 * the stored session's `user_id_event`, and carrying the page's query (UTMs) into marked links.
 * Everything here works on the data layer array and the DOM only, so a blocked tag manager script
 * breaks nothing: the events simply wait in `window.dataLayer`.
 */
export default function Analytics() {
  useEffect(() => {
    if (userIdPushed) return;
    userIdPushed = true;
    const userId = readStoredUserId((key) => window.localStorage.getItem(key));
    if (userId !== null) pushDataLayer({ event: 'user_id_event', user_id: userId });
  }, []);

  useEffect(() => carryQueryIntoLinks(document), []);

  return gtmContainerId ? <GoogleTagManager gtmId={gtmContainerId} /> : null;
}
