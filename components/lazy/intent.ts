/**
 * The moments a visitor announces they are about to press something: the pointer reaches it, focus
 * lands on it, or the press begins. A widget whose code loads on demand starts fetching it then, so it
 * opens at once when the press completes.
 */
export function intentHandlers(component: { preload(): void }) {
  return { onPointerEnter: component.preload, onFocus: component.preload, onPointerDown: component.preload };
}
