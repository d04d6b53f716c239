/**
 * Text that floating pieces cover on a phone, found by scrolling a page from its top to its end.
 *
 * What counts:
 * - A **floating piece** is every shown element positioned `fixed` or `sticky` (the outermost one where
 *   they nest): the site's header, the widgets' tabs and dock, anything a page adds.
 * - A **text block** is a run of text (its line boxes, as the visitor reads them, cut to what an
 *   overflow-clipping ancestor lets through: screen-reader-only text is no block), and every link, button,
 *   field and disclosure summary (their whole box: a field is in use over its whole box).
 * - A piece that spans the screen's whole width at its top or bottom edge is an **edge bar** (the header at
 *   the top, the phone's dock at the bottom). It ends the reading area as the screen's edge does: text
 *   under it mid-page is text not yet scrolled into view, as under the browser's own toolbar. So an edge bar
 *   covers text only where the visitor cannot scroll it out: at the top of the page (scroll 0) for a top
 *   bar, at the page's end for a bottom bar. And the bars must stay thin (`edgeBars` tells how thin).
 * - Any **other piece** covers every text block its box meets, anywhere on the screen. Between two steps
 *   of the scroll every block moves up by the step, so a block counts as covered if the piece lies
 *   anywhere on that path: no line slips between steps.
 */
import type { Page } from '@playwright/test';

export interface CoveredText {
  /** The text block (its text, or a control's name), shortened. */
  text: string;
  /** The piece over it. */
  by: string;
  /** The scroll position it was seen at. */
  scrollY: number;
}

export interface Sweep {
  covered: CoveredText[];
  /** The edge bars seen, each with its tallest height in CSS px. */
  edgeBars: { name: string; edge: 'top' | 'bottom'; height: number }[];
  /** The other pieces seen (none on a phone today). */
  otherPieces: string[];
  steps: number;
  /** Text blocks on the screen, summed over the steps (that the sweep looked at something). */
  blocksSeen: number;
}

/** Scrolls the page from the top to its end in steps of half a screen and returns what covers text. */
export function sweepForCoveredText(page: Page): Promise<Sweep> {
  return page.evaluate(sweep);
}

async function sweep(): Promise<Sweep> {
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const step = Math.floor(viewportHeight / 2);
  const settle = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  const shorten = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 70);
  const nameOf = (element: Element) => shorten(element.getAttribute('aria-label') || (element as HTMLElement).innerText || element.tagName);
  type Box = { left: number; right: number; top: number; bottom: number };
  const meet = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true });

  interface Piece {
    element: Element;
    box: DOMRect;
    edge: 'top' | 'bottom' | null;
    name: string;
  }
  const pieceNames = new Map<Element, string>();
  function floatingPieces(): Piece[] {
    const pieces: Piece[] = [];
    // Document order: an element's ancestors come before it.
    for (const element of document.body.querySelectorAll('*')) {
      const { position } = getComputedStyle(element);
      if (position !== 'fixed' && position !== 'sticky') continue;
      if (pieces.some((piece) => piece.element.contains(element)) || !shown(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const fullWidth = box.left <= 0 && box.right >= viewportWidth;
      const edge = fullWidth && box.top <= 0 ? 'top' : fullWidth && box.bottom >= viewportHeight ? 'bottom' : null;
      // Named once: a countdown in it changes its text every second.
      if (!pieceNames.has(element)) pieceNames.set(element, nameOf(element));
      pieces.push({ element, box, edge, name: pieceNames.get(element)! });
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
    text: string;
    boxes: Box[];
  }
  function textBlocks(pieces: Piece[]): Block[] {
    clips.clear();
    const owners: { element: Element; text: string; boxes: Box[] }[] = [];
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
      if (pieces.some((piece) => piece.element.contains(element)) || !shown(element)) continue;
      const clip = clipOf(element);
      const visible = boxes
        .map((box) => ({
          left: Math.max(box.left, clip.left),
          right: Math.min(box.right, clip.right),
          top: Math.max(box.top, clip.top),
          bottom: Math.min(box.bottom, clip.bottom),
        }))
        .filter((box) => box.right - box.left >= 2 && box.bottom - box.top >= 2);
      if (visible.length > 0) blocks.push({ text: shorten(text), boxes: visible });
    }
    return blocks;
  }

  const covered = new Map<string, CoveredText>();
  const edgeBars = new Map<string, { name: string; edge: 'top' | 'bottom'; height: number }>();
  const otherPieces = new Set<string>();
  let blocksSeen = 0;
  let steps = 0;
  window.scrollTo(0, 0);
  for (let target = 0; ; target += step) {
    window.scrollTo(0, target);
    await settle();
    steps += 1;
    const scrollY = window.scrollY;
    const atTop = scrollY === 0;
    const atEnd = scrollY >= document.documentElement.scrollHeight - viewportHeight - 1;
    // How far the text moves up before the next step looks again.
    const path = atEnd ? 0 : step;
    const pieces = floatingPieces();
    for (const piece of pieces) {
      if (piece.edge) {
        const known = edgeBars.get(piece.name);
        edgeBars.set(piece.name, { name: piece.name, edge: piece.edge, height: Math.max(known?.height ?? 0, piece.box.height) });
      } else otherPieces.add(piece.name);
    }
    for (const block of textBlocks(pieces)) {
      if (block.boxes.some((box) => box.bottom > 0 && box.top < viewportHeight)) blocksSeen += 1;
      for (const piece of pieces) {
        const hit =
          piece.edge === null
            ? block.boxes.some((box) => meet({ ...box, top: box.top - path }, piece.box))
            : (piece.edge === 'top' ? atTop : atEnd) && block.boxes.some((box) => meet(box, piece.box));
        if (hit) covered.set(`${block.text}\n${piece.name}`, { text: block.text, by: piece.name, scrollY });
      }
    }
    if (atEnd) break;
    target = scrollY;
  }
  return { covered: [...covered.values()], edgeBars: [...edgeBars.values()], otherPieces: [...otherPieces], steps, blocksSeen };
}
