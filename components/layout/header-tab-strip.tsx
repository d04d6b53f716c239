/** The id of the strip's element: the floating widgets (app/(site)/floating-widgets.tsx) portal their tabs into it. */
export const headerTabStripId = 'header-tabs';

/**
 * On a phone (below `sm`) the gift tab and the Vue tab stand in this strip of the sticky header rather
 * than float over the text. They arrive once the page is idle; the strip has its height from the first
 * paint (its rules are inline with the header's), so nothing moves when they come. From `sm` up it is
 * not there and the tabs float at the screen's edges.
 */
export function HeaderTabStrip() {
  return <div id={headerTabStripId} className="mx-auto flex h-9 max-w-6xl items-stretch gap-2 px-4 pb-1 sm:hidden" />;
}
