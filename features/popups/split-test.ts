/**
 * The browser's part of a pop-up split test: which variant this visitor sees. The visitor's
 * id is made and signed by the server (`POST /api/visitor-id`), asked for only when a test's pop-up is
 * actually about to show (no assignment for visitors who never get it), and kept in a first-party cookie
 * that goes with that request, so the server answers the same id while it verifies;
 * the variant is a hash of the id with the test's id, so it stays the same on every page and visit while
 * the test runs, and the server checks it the same way. Browsers that say they are bots see variant A and
 * are not counted; without an id (no answer and no cookie) the visitor sees A, uncounted.
 */
import { VISITOR_ID_ENDPOINT } from '@/lib/api-contract';
import { assignVariant, isSelfAnnouncedBot, signedVisitorIdShape, VISITOR_COOKIE, visitorIdOf, withTexts } from '@/lib/experiments/variants';
import type { PublicPopup } from '@/lib/popups/managed';

export interface ShownVariant {
  test: string;
  variant: number;
}

export function visitorCookie(id: string, secure: boolean): string {
  return `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The visitor's signed id, from the server (the cookie's own while it verifies, else a new one), kept in
 * the cookie (`jar`: `document` in the browser). Asked each time a tested pop-up is due, so an id the
 * server no longer accepts (made before ids were signed, or under a replaced key) is replaced; without an
 * answer, the cookie's id, or null.
 */
export async function signedVisitorId(jar: { cookie: string }, secure: boolean, fetchImpl: typeof fetch = fetch): Promise<string | null> {
  const known = visitorIdOf(jar.cookie);
  try {
    const response = await fetchImpl(VISITOR_ID_ENDPOINT, { method: 'POST', headers: { accept: 'application/json' } });
    const id = response.ok ? ((await response.json()) as { visitorId?: unknown }).visitorId : null;
    if (typeof id !== 'string' || !signedVisitorIdShape.test(id)) return known;
    if (id !== known) jar.cookie = visitorCookie(id, secure);
    return id;
  } catch {
    return known;
  }
}

/** Whether this browser takes part in the pop-up's split test: one runs, and the browser does not say it is a bot. */
export function splitsVisitor(popup: PublicPopup, userAgent: string): boolean {
  return !!popup.test && popup.test.variants.length >= 2 && !isSelfAnnouncedBot(userAgent);
}

/**
 * The pop-up as this visitor sees it and the variant to report; without a running test, for a bot, or
 * without a visitor id, the pop-up as it is and no variant. `visitorId` gives the visitor's signed id,
 * asking the server for one if need be.
 */
export async function variantFor(
  popup: PublicPopup,
  userAgent: string,
  visitorId: () => Promise<string | null>,
): Promise<{ popup: PublicPopup; shown: ShownVariant | null }> {
  const test = popup.test;
  if (!test || !splitsVisitor(popup, userAgent)) return { popup, shown: null };
  const visitor = await visitorId();
  if (!visitor) return { popup, shown: null };
  const variant = assignVariant(visitor, test.id, test.variants.length);
  const texts = test.variants[variant]!;
  return { popup: { ...popup, content: withTexts(popup.content, texts) } as PublicPopup, shown: { test: test.id, variant } };
}
