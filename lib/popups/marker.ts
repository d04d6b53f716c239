/** The `<meta name>` a page declares its pop-up markers with: `<meta name="popup" content="gift-junior">`. */
export const popupMarkerMetaName = 'popup';
