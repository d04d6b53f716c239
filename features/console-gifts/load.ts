import { requireOperator } from '@/server/admin/session';
import { LAST_GIFT, windowState } from '@/server/gift-schedule/windows';

/** «Окна подарков»: every window with its state now, and the one being changed (`edit`, a window's id) if any. */
export async function loadGiftWindows(edit: string | undefined) {
  const { runtime, now } = await requireOperator();
  const windows = (await runtime.repos.giftSchedule.list()).map((window) => ({ ...window, state: windowState(window, now) }));
  return { windows, editing: windows.find((window) => String(window.id) === edit) ?? null, lastGift: LAST_GIFT };
}

export type GiftWindows = Awaited<ReturnType<typeof loadGiftWindows>>;
