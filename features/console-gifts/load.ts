import { giftName } from '@/content/names';
import { requireOperator } from '@/server/admin/session';
import { LAST_GIFT, windowState } from '@/server/rules/gift-windows';

/** «Окна подарков»: every window with its state now, the one being changed (`edit`, a window's id) if any, and each gift's name. */
export async function loadGiftWindows(edit: string | undefined) {
  const { runtime, now } = await requireOperator();
  const windows = (await runtime.repos.giftSchedule.list()).map((window) => ({ ...window, state: windowState(window, now) }));
  const giftNames = Object.fromEntries(Array.from({ length: LAST_GIFT }, (_, index) => [index + 1, giftName(index + 1)]));
  return { windows, editing: windows.find((window) => String(window.id) === edit) ?? null, giftNames, now };
}

export type GiftWindows = Awaited<ReturnType<typeof loadGiftWindows>>;
