import { popupId, popups } from '@/content/popups';
import type { ManagedPopupConfig } from '@/lib/popups/managed';

/** The pop-ups of content/popups.ts as the database's first versions: on, no window. */
export function filePopupSeeds(): { id: string; config: ManagedPopupConfig }[] {
  return popups.map((config) => ({ id: popupId(config), config: { ...config, enabled: true, startsAt: null, endsAt: null } }));
}
