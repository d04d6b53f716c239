/**
 * Text under a fixed element, found as a visitor meets it: the page scrolled from its top to its end.
 *
 * The rule, literally, with no exceptions:
 * - A **fixed piece** is every shown element (visible, not transparent, of a non-zero size) whose computed
 *   `position` is `fixed`, wherever it stands. A sticky element (the site's header) is part of the page:
 *   it is no piece, and its text is text like any other.
 * - A **text block** is a run of text (its line boxes, as the visitor reads them, cut to what an
 *   overflow-clipping ancestor lets through: screen-reader-only text is no block), and every link, button,
 *   field and disclosure summary (their whole box: a field is in use over its whole box).
 * - A block is **covered** when a piece it is not part of meets it. Between two steps of the scroll every
 *   block moves up by the step, so a block counts as covered if the piece lies anywhere on that path: no
 *   line slips between steps.
 */
import type { Page } from '@playwright/test';

export interface CoveredText {
  /** The text block (its text, or a control's name), shortened. */
  text: string;
  /** The fixed piece over it. */
  by: string;
  /** The scroll position it was seen at. */
  scrollY: number;
}

export interface Sweep {
  covered: CoveredText[];
  /** The fixed pieces seen on the way (their names). */
  fixedPieces: string[];
  steps: number;
  /** Text blocks on the screen, summed over the steps (that the sweep looked at something). */
  blocksSeen: number;
}

/**
 * Scrolls the page from the top to its end a screen at a time and returns the text under fixed pieces. A
 * whole screen is enough: each look checks the path every block travels until the next one (half-screen
 * steps looked twice as often and found the same, at twice the frames and walks of the page).
 */
export function sweepForCoveredText(page: Page): Promise<Sweep> {
  return page.evaluate(sweep);
}

async function sweep(): Promise<Sweep> {
  const viewportHeight = window.innerHeight;
  const step = viewportHeight;
  const settle = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  const shorten = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 70);
  const nameOf = (element: Element) => shorten(element.getAttribute('aria-label') || (element as HTMLElement).innerText || element.tagName);
  type Box = { left: number; right: number; top: number; bottom: number };
  const meet = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true });

  interface Piece {
    element: Element;
    box: DOMRect;
    name: string;
  }
  const pieceNames = new Map<Element, string>();
  function fixedPieces(): Piece[] {
    const pieces: Piece[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (getComputedStyle(element).position !== 'fixed' || !shown(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      // Named once: a countdown in it changes its text every second.
      if (!pieceNames.has(element)) pieceNames.set(element, nameOf(element));
      pieces.push({ element, box, name: pieceNames.get(element)! });
    }
    return pieces;
  }

  /** The part of the screen the element's overflow-clipping ancestors (and itself) let it paint in. */
  const clips = new Map<Element, Box>();
  function clipOf(element: Element | null): Box {
    if (!element || element === document.body) return { left: -Infinity, right: Infinity, top: -Infinity, bottom: Infinity };
    const known = clips.get(element);
    if (known) return known;
    const outer = clipOf(element.parentElement);
    const { overflowX, overflowY } = getComputedStyle(element);
    let clip = outer;
    if (overflowX !== 'visible' || overflowY !== 'visible') {
      const own = element.getBoundingClientRect();
      clip = {
        left: Math.max(outer.left, own.left),
        right: Math.min(outer.right, own.right),
        top: Math.max(outer.top, own.top),
        bottom: Math.min(outer.bottom, own.bottom),
      };
    }
    clips.set(element, clip);
    return clip;
  }

  interface Block {
    element: Element;
    text: string;
    boxes: Box[];
  }
  function textBlocks(): Block[] {
    clips.clear();
    const owners: Block[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent || !node.data.trim() || parent.closest('script, style, noscript, template')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      owners.push({ element: parent, text: node.data, boxes: [...range.getClientRects()] });
    }
    for (const control of document.body.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary')) {
      owners.push({ element: control, text: nameOf(control), boxes: [control.getBoundingClientRect()] });
    }
    const blocks: Block[] = [];
    for (const { element, text, boxes } of owners) {
      if (!shown(element)) continue;
      const clip = clipOf(element);
      const visible = boxes
        .map((box) => ({
          left: Math.max(box.left, clip.left),
          right: Math.min(box.right, clip.right),
          top: Math.max(box.top, clip.top),
          bottom: Math.min(box.bottom, clip.bottom),
        }))
        .filter((box) => box.right - box.left >= 2 && box.bottom - box.top >= 2);
      if (visible.length > 0) blocks.push({ element, text: shorten(text), boxes: visible });
    }
    return blocks;
  }

  const covered = new Map<string, CoveredText>();
  const seenPieces = new Set<string>();
  let blocksSeen = 0;
  let steps = 0;
  window.scrollTo(0, 0);
  for (let target = 0; ; target += step) {
    window.scrollTo(0, target);
    await settle();
    steps += 1;
    const scrollY = window.scrollY;
    const atEnd = scrollY >= document.documentElement.scrollHeight - viewportHeight - 1;
    // How far the text moves up before the next step looks again.
    const path = atEnd ? 0 : step;
    const pieces = fixedPieces();
    for (const piece of pieces) seenPieces.add(piece.name);
    for (const block of textBlocks()) {
      if (block.boxes.some((box) => box.bottom > 0 && box.top < viewportHeight)) blocksSeen += 1;
      for (const piece of pieces) {
        if (piece.element.contains(block.element)) continue;
        if (block.boxes.some((box) => meet({ ...box, top: box.top - path }, piece.box))) {
          covered.set(`${block.text}\n${piece.name}`, { text: block.text, by: piece.name, scrollY });
        }
      }
    }
    if (atEnd) break;
    target = scrollY;
  }
  return { covered: [...covered.values()], fixedPieces: [...seenPieces], steps, blocksSeen };
}
