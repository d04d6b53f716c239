/**
 * The secret path segment of the gift pop-up page (/products/junior-js/{token}). Read once,
 * at build time: the page is pre-rendered, so changing the token means rebuilding. Server code only
 * (next.config.ts `compiler.defineServer`): a client module importing it would put the token in a browser
 * script, which e2e/popups.spec.ts checks never happens. A build without GIFT_POPUP_TOKEN gets a segment
 * of its machine and checkout from next.config.ts, the same on every build there (a public build refuses
 * to start without one); the fallback here serves only code that runs outside a build (unit tests, scripts).
 */
export const giftPopupToken = process.env.GIFT_POPUP_TOKEN?.trim() || 'gift-unset';
