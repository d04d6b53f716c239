/** The `<meta name>` a page declares its pop-up markers with: `<meta name="popup" content="gift-junior">`. */
export const popupMarkerMetaName = 'popup';

/**
 * Set on `<html>` once a timed pop-up has shown on this page view (features/popups/timed-popup.tsx); the
 * field measurement (features/analytics) reads it, so the pop-ups' own cost in CLS and INP shows.
 */
export const POPUP_SHOWN_ATTRIBUTE = 'data-popup-shown';
