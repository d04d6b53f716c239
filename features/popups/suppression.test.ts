import { describe, expect, it } from 'vitest';
import { closeCookie, closeSuppressionSeconds, finishCookie, isSuppressed, suppressionCookieName } from './suppression';

const insecure = { secure: false };

describe('suppression cookie', () => {
  it('is named timeoutPopupIsHidden_{popupId}', () => {
    expect(suppressionCookieName('promo-career')).toBe('timeoutPopupIsHidden_promo-career');
  });

  it.each([
    ['', false],
    ['timeoutPopupIsHidden_promo-career=true', true],
    ['_ga=GA1.1.1.2; timeoutPopupIsHidden_promo-career=true; utm=1', true],
    ['timeoutPopupIsHidden_promo-career=', true],
    // another pop-up's cookie, a longer name, or the id only in a value do not count
    ['timeoutPopupIsHidden_promo-frameworks=true', false],
    ['timeoutPopupIsHidden_promo-career-2=true', false],
    ['xtimeoutPopupIsHidden_promo-career=true', false],
    ['note=timeoutPopupIsHidden_promo-career', false],
  ])('document.cookie %j suppresses promo-career: %j', (cookie, suppressed) => {
    expect(isSuppressed(cookie, 'promo-career')).toBe(suppressed);
  });

  it('closing sets the cookie for one day, site-wide', () => {
    expect(closeSuppressionSeconds).toBe(86_400);
    expect(closeCookie('', 'promo-career', insecure)).toBe('timeoutPopupIsHidden_promo-career=true; Max-Age=86400; Path=/; SameSite=Lax');
  });

  it('closing leaves an existing cookie alone (finishing first keeps its session cookie)', () => {
    expect(closeCookie('a=1; timeoutPopupIsHidden_promo-career=true', 'promo-career', insecure)).toBeNull();
    expect(closeCookie('timeoutPopupIsHidden_other=true', 'promo-career', insecure)).not.toBeNull();
  });

  it('finishing sets a session cookie: no Max-Age, no Expires', () => {
    const cookie = finishCookie('popup-junior-gift', insecure);
    expect(cookie).toBe('timeoutPopupIsHidden_popup-junior-gift=true; Path=/; SameSite=Lax');
    expect(cookie).not.toMatch(/max-age|expires/i);
  });

  it('marks the cookie Secure on https pages', () => {
    expect(finishCookie('x', { secure: true })).toMatch(/; Secure$/);
    expect(closeCookie('', 'x', { secure: true })).toMatch(/; Secure$/);
  });
});
