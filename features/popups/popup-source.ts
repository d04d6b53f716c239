import { POPUPS_ENDPOINT } from '@/lib/api-contract';
import type { PublicPopup } from '@/lib/popups/managed';
import { previewParameter, previewStorageKey } from '@/lib/popups/preview';

/**
 * Where the browser learns the pop-ups: `GET /api/popups`, asked once a page load (the host mounts when
 * the page is idle after its first paint), never the bundle. Anything but a good answer is "no pop-up":
 * it never throws and never blocks the page.
 */
let request: Promise<PublicPopup[]> | undefined;

export function loadPopups(fetchImpl: typeof fetch = fetch): Promise<PublicPopup[]> {
  request ??= fetchImpl(POPUPS_ENDPOINT, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: unknown) => readPopups(body))
    .catch(() => []);
  return request;
}

/** Forgets the answer (tests). */
export function resetPopupSource(): void {
  request = undefined;
}

/** The pop-ups of an answer's body; anything malformed is left out. */
export function readPopups(body: unknown): PublicPopup[] {
  const list = (body as { popups?: unknown } | null)?.popups;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (popup): popup is PublicPopup =>
      !!popup &&
      typeof popup === 'object' &&
      typeof popup.id === 'string' &&
      Array.isArray(popup.includePaths) &&
      Array.isArray(popup.excludePaths) &&
      typeof popup.showDelayMs === 'number' &&
      !!popup.content &&
      typeof popup.content === 'object',
  );
}

/** The pop-up to preview on this page, when the console opened it for one. */
export function readPreview(search: string, storage: Pick<Storage, 'getItem'> | null): PublicPopup | null {
  if (!new URLSearchParams(search).has(previewParameter) || !storage) return null;
  try {
    const [popup] = readPopups({ popups: [JSON.parse(storage.getItem(previewStorageKey) ?? 'null')] });
    return popup ?? null;
  } catch {
    return null;
  }
}
