'use client';

import { useEffect, useState } from 'react';
import { GIFT_SCHEDULE_ENDPOINT } from '@/lib/api-contract';
import { SERVER_TIME_HEADER, serverClockOffset } from '@/lib/server-clock';
import { yieldToMain } from '@/lib/yield-to-main';
import { parseGiftSchedule, type GiftWindow } from './schedule';

export interface LoadedSchedule {
  windows: GiftWindow[];
  /** Add to `performance.now()` to get the server's time (lib/server-clock.ts); null: trust the device clock. */
  clockOffset: number | null;
}

/**
 * The gift windows from `GET /api/gift-schedule`, loaded once per page view, with the server's clock;
 * `null` until they arrive. A failed call is only logged and leaves an empty schedule, which
 * hides the tab.
 */
export function useGiftSchedule(): LoadedSchedule | null {
  const [schedule, setSchedule] = useState<LoadedSchedule | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadGiftSchedule(controller.signal).then(
      (windows) => setSchedule(windows),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A warning, not an error: the page works on without the gift tab.
        console.warn('Gift schedule could not be loaded; the gift tab stays hidden.', error);
        setSchedule({ windows: [], clockOffset: null });
      },
    );
    return () => controller.abort();
  }, []);
  return schedule;
}

async function loadGiftSchedule(signal: AbortSignal): Promise<LoadedSchedule> {
  const sentAt = performance.now();
  // Not from the browser's own cache: an old answer would carry an old server time.
  const response = await fetch(GIFT_SCHEDULE_ENDPOINT, { signal, cache: 'no-store', headers: { accept: 'application/json' } });
  const receivedAt = performance.now();
  if (!response.ok) throw new Error(`GET ${GIFT_SCHEDULE_ENDPOINT} answered ${response.status}`);
  const clockOffset = serverClockOffset({
    serverTime: response.headers.get(SERVER_TIME_HEADER),
    age: response.headers.get('age'),
    sentAt,
    receivedAt,
  });
  const body: unknown = await response.json();
  // The answer read, then parsed and drawn, in tasks of their own (lib/yield-to-main.ts).
  await yieldToMain();
  const windows = parseGiftSchedule(body);
  await yieldToMain();
  return { windows, clockOffset };
}
