'use client';

import { useEffect, useState } from 'react';
import { parseGiftSchedule, type GiftWindow } from './schedule';

export const GIFT_SCHEDULE_URL = '/api/gift-schedule';

/**
 * The gift windows from `GET /api/gift-schedule`, loaded once per page view; `null` until they arrive.
 * A failed call is only logged (spec 7, 8) and leaves an empty schedule, which hides the tab.
 */
export function useGiftSchedule(): GiftWindow[] | null {
  const [schedule, setSchedule] = useState<GiftWindow[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadGiftSchedule(controller.signal).then(
      (windows) => setSchedule(windows),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A warning, not an error: the page works on without the gift tab.
        console.warn('Gift schedule could not be loaded; the gift tab stays hidden.', error);
        setSchedule([]);
      },
    );
    return () => controller.abort();
  }, []);
  return schedule;
}

async function loadGiftSchedule(signal: AbortSignal): Promise<GiftWindow[]> {
  const response = await fetch(GIFT_SCHEDULE_URL, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${GIFT_SCHEDULE_URL} answered ${response.status}`);
  return parseGiftSchedule(await response.json());
}
