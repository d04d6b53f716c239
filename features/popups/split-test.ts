/**
 * The browser's part of a pop-up split test (issue 28): which variant this visitor sees. The visitor's
 * random id lives in a first-party cookie, made only when a test's pop-up is actually about to show (no
 * assignment for visitors who never get it); the variant is a hash of the id with the test's id, so it
 * stays the same on every page and visit while the test runs, and the server checks it the same way.
 * Browsers that say they are bots see variant A and are not counted.
 */
import { assignVariant, isSelfAnnouncedBot, VISITOR_COOKIE, withTexts } from '@/lib/experiments/variants';
import type { PublicPopup } from '@/lib/popups/managed';

export interface ShownVariant {
  test: string;
  variant: number;
}

/** 128 random bits, base64url. */
export function newVisitorId(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function visitorCookie(id: string, secure: boolean): string {
  return `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The pop-up as this visitor sees it and the variant to report; without a running test (or for a bot)
 * the pop-up as it is and no variant. `ensureVisitor` gives the visitor's id, making it if need be.
 */
export function variantFor(popup: PublicPopup, userAgent: string, ensureVisitor: () => string): { popup: PublicPopup; shown: ShownVariant | null } {
  const test = popup.test;
  if (!test || test.variants.length < 2 || isSelfAnnouncedBot(userAgent)) return { popup, shown: null };
  const variant = assignVariant(ensureVisitor(), test.id, test.variants.length);
  const texts = test.variants[variant]!;
  return { popup: { ...popup, content: withTexts(popup.content, texts) } as PublicPopup, shown: { test: test.id, variant } };
}
