/**
 * Tells the server a pop-up was shown, closed or finished, for the console's conversion figures.
 * Events wait a moment and leave together in one `sendBeacon` (also when the page is hidden or left):
 * the pop-up id, the event and the page path only; no cookie, no visitor data.
 */
import { POPUP_EVENTS_ENDPOINT } from '@/lib/api-contract';

export type PopupBeaconEvent = 'shown' | 'closed' | 'finished';

const batchDelayMs = 2000;
let queue: { popup: string; event: PopupBeaconEvent; path: string }[] = [];
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

export function reportPopupEvent(popup: string, event: PopupBeaconEvent): void {
  queue.push({ popup, event, path: window.location.pathname });
  if (!listening) {
    listening = true;
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }
  timer ??= setTimeout(flush, batchDelayMs);
}
