/**
 * The suppression cookie of a pop-up, as pure functions over cookie strings so the rules
 * are unit-tested without a browser (suppression.test.ts). The browser side only reads `document.cookie`
 * and assigns the strings built here.
 *
 * - A pop-up is eligible only while no cookie `timeoutPopupIsHidden_{popupId}` exists.
 * - Closing it sets that cookie for one day, unless one is already set (a session cookie from finishing
 *   must not be turned into a one-day one).
 * - Finishing it (a submitted form, the promo action) sets the cookie without an expiry: it lasts for the
 *   browser session.
 */

export const suppressionCookiePrefix = 'timeoutPopupIsHidden_';
export const closeSuppressionSeconds = 24 * 60 * 60;

const cookieValue = 'true';

export function suppressionCookieName(popupId: string): string {
  return `${suppressionCookiePrefix}${popupId}`;
}

/** True when `cookieHeader` (the value of `document.cookie`) carries the pop-up's suppression cookie. */
export function isSuppressed(cookieHeader: string, popupId: string): boolean {
  const name = suppressionCookieName(popupId);
  return cookieHeader.split(';').some((pair) => pair.trim().split('=', 1)[0] === name);
}

interface CookieOptions {
  /** Add `Secure` (on https pages). */
  secure: boolean;
}

function cookieString(popupId: string, lifetime: string, { secure }: CookieOptions): string {
  // Path=/: the cookie must hide the pop-up on every page it targets, not only the one it was closed on.
  return [`${suppressionCookieName(popupId)}=${cookieValue}`, lifetime, 'Path=/', 'SameSite=Lax', secure ? 'Secure' : ''].filter(Boolean).join('; ');
}

/** The cookie to write when the visitor closes the pop-up, or null when one is already set. */
export function closeCookie(cookieHeader: string, popupId: string, options: CookieOptions): string | null {
  if (isSuppressed(cookieHeader, popupId)) return null;
  // Max-Age, not Expires: the browser counts the day on its own clock, whatever the page's clock says.
  return cookieString(popupId, `Max-Age=${closeSuppressionSeconds}`, options);
}

/** The cookie to write when the visitor finishes the pop-up: no expiry, so it lasts the browser session. */
export function finishCookie(popupId: string, options: CookieOptions): string {
  return cookieString(popupId, '', options);
}
