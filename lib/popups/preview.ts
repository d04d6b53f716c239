/** The console's «Предпросмотр» hands the unsaved pop-up to the page it opens through this localStorage key. */
export const previewStorageKey = 'school-site.popup-preview';
/** The query parameter that asks a page for the preview. */
export const previewParameter = 'popup-preview';
