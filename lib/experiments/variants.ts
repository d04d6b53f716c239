/**
 * Variants of a pop-up under a split test: their texts, how a visitor is assigned one, and
 * who is not counted. Pure: the browser assigns with it and the server checks the assignment with it.
 */
import type { PopupConfig } from '@/lib/popups/config';
import type { PriceReferenceProblem } from '@/lib/price-references';

/** «Заголовок», «Текст», «Надпись на кнопке» of one variant. */
export interface VariantTexts {
  headline: string;
  text: string;
  buttonLabel: string;
}

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;

/** A, B, C, D. */
export const variantLetter = (index: number) => String.fromCharCode(65 + index);
export const variantIndex = (letter: string) => (/^[A-D]$/.test(letter) ? letter.charCodeAt(0) - 65 : -1);

/** The texts a pop-up shows now (its variant A). */
export function textsOf(content: PopupConfig['content']): VariantTexts {
  return {
    headline: content.kind === 'promo' ? content.heading : content.title,
    text: content.kind === 'gift' ? content.offer.condition : content.text,
    buttonLabel: content.kind === 'promo' ? content.actionLabel : content.submitLabel,
  };
}

/** The pop-up's content with a variant's texts in place of its own (image, prices, form stay). */
export function withTexts<C extends PopupConfig['content']>(content: C, texts: VariantTexts): C {
  if (content.kind === 'promo') return { ...content, heading: texts.headline, text: texts.text, actionLabel: texts.buttonLabel };
  if (content.kind === 'discount') return { ...content, title: texts.headline, text: texts.text, submitLabel: texts.buttonLabel };
  return { ...content, title: texts.headline, submitLabel: texts.buttonLabel, offer: { ...content.offer, condition: texts.text } };
}

export type VariantProblem =
  | { variant: number; field: keyof VariantTexts; code: 'empty' | 'too_long'; max?: number }
  /** A price reference (`{цена advanced-js}`) that names no tariff: lib/price-references.ts's code and data, which the console words. */
  | { variant: number; field: keyof VariantTexts; code: 'price_reference'; problem: PriceReferenceProblem };
export const MAX_VARIANT_TEXT = 500;

/** A variant's texts are checked like the pop-up's own: none empty (and none absurdly long). */
export function checkVariant(texts: VariantTexts, variant: number): VariantProblem[] {
  const problems: VariantProblem[] = [];
  for (const field of ['headline', 'text', 'buttonLabel'] as const) {
    const value = texts[field].trim();
    if (value === '') problems.push({ variant, field, code: 'empty' });
    else if (value.length > MAX_VARIANT_TEXT) problems.push({ variant, field, code: 'too_long', max: MAX_VARIANT_TEXT });
  }
  return problems;
}

/** The first-party cookie holding the visitor's signed id (set only when a test's pop-up is shown). */
export const VISITOR_COOKIE = 'school_vid';
/**
 * A visitor id as the server issues it (server/experiments/visitor-id.ts): 128 random bits and a
 * 128-bit signature, 22 characters of base64url each. An id of another shape (one a browser made itself
 * before the server signed them) is no id: the pop-up host asks for a new one.
 */
export const signedVisitorIdShape = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

/** The signed visitor id of a `Cookie` header (or `document.cookie`): null without one or for a malformed one. */
export function visitorIdOf(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === VISITOR_COOKIE) {
      const value = rest.join('=');
      return signedVisitorIdShape.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * The variant of `visitor` in test `testId` among `count`: FNV-1a (32 bits) of `testId:visitor`, then a
 * multiply-shift to [0, count). A new test re-splits everyone; the same visitor keeps their variant
 * while the test runs, on every page and visit.
 */
export function assignVariant(visitor: string, testId: string, count: number): number {
  let hash = 0x811c9dc5;
  const key = `${testId}:${visitor}`;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // Finalise (murmur3 fmix32) so similar ids spread evenly.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35) >>> 0;
  hash ^= hash >>> 16;
  return Math.floor(((hash >>> 0) / 4294967296) * count);
}

/** Crawlers and tools that say what they are in their User-Agent: never assigned, never counted. */
const botPattern =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|headless|lighthouse|pagespeed|ptst|phantomjs|python-requests|curl|wget|httpclient|go-http/i;

export function isSelfAnnouncedBot(userAgent: string | null | undefined): boolean {
  return !userAgent || botPattern.test(userAgent);
}

/** The block id a test's lead form posts (`extra.block_id`): the pop-up and the variant, e.g. `popup:discount:B`. */
export const testBlockId = (popup: string, variant: number) => `popup:${popup}:${variantLetter(variant)}`;

export function readTestBlockId(blockId: string | null | undefined): { popup: string; variant: number } | null {
  const match = /^popup:([\w-]{1,100}):([A-D])$/.exec(blockId ?? '');
  return match ? { popup: match[1]!, variant: variantIndex(match[2]!) } : null;
}
