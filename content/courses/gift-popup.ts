/**
 * The secret path segment of the gift pop-up page (/products/junior-js/{token}, spec 2.4). Read once,
 * at build time: the page is pre-rendered, so changing the token means rebuilding.
 */
export const giftPopupToken = process.env.GIFT_POPUP_TOKEN?.trim() || 'gift-js-7f3a';
