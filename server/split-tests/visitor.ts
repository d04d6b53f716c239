import { createHmac } from 'node:crypto';
import { isSelfAnnouncedBot, visitorIdOf } from '@/lib/experiments/variants';

/**
 * The split-test visitor of a request: the random first-party id of the `school_vid` cookie (the pop-up
 * host sets it when it shows a test's pop-up), or null for no cookie, a malformed one, or a browser that
 * says it is a bot (never counted).
 */
export function testVisitorOf(headers: Headers): string | null {
  if (isSelfAnnouncedBot(headers.get('user-agent'))) return null;
  return visitorIdOf(headers.get('cookie') ?? '');
}

/** What the database keeps of a visitor: a keyed hash, never the cookie's id. */
export function visitorKey(visitor: string, hashKey: string): string {
  return createHmac('sha256', hashKey).update(`split-test-visitor:${visitor}`).digest('hex').slice(0, 32);
}
