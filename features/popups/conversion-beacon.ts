/**
 * Tells the server a pop-up was shown, closed or finished, for the console's conversion figures.
 * Events wait a moment and leave together in one `sendBeacon` (also when the page is hidden or left):
 * the pop-up id, the event and the page path, and under a split test the test and variant (the browser
 * sends the first-party visitor cookie with it, so the server counts the visitor once).
 */
import { POPUP_EVENTS_ENDPOINT } from '@/lib/api-contract';

export type PopupBeaconEvent = 'shown' | 'closed' | 'finished';

const batchDelayMs = 2000;
let queue: { popup: string; event: PopupBeaconEvent; path: string; test?: string; variant?: number }[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function flush() {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const body = JSON.stringify({ events: queue });
  queue = [];
  navigator.sendBeacon?.(POPUP_EVENTS_ENDPOINT, body);
}

/** `shown`: the split test's variant this visitor sees (the server counts its show once a visitor). */
export function reportPopupEvent(popup: string, event: PopupBeaconEvent, shown?: { test: string; variant: number } | null): void {
  queue.push({ popup, event, path: window.location.pathname, ...(shown ? { test: shown.test, variant: shown.variant } : {}) });
  if (!listening) {
    listening = true;
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }
  timer ??= setTimeout(flush, batchDelayMs);
}
