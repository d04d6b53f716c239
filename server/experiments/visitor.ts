import { createHmac } from 'node:crypto';
import { isSelfAnnouncedBot, visitorIdOf } from '@/lib/experiments/variants';
import { visitorIdKind } from './visitor-id';

/**
 * The split-test visitor of a request: the signed id of the `school_vid` cookie (the server issued it,
 * `POST /api/visitor-id`, and the pop-up host keeps it) and whether it counts (an id issued past its
 * network's daily allowance keeps its variant but counts nothing: server/experiments/visitor-id.ts), or
 * null for no cookie, an id the server did not sign (made up, altered, or made by a browser before ids
 * were signed), or a browser that says it is a bot (never counted).
 */
export function testVisitorOf(headers: Headers, hashKey: string): { id: string; counted: boolean } | null {
  if (isSelfAnnouncedBot(headers.get('user-agent'))) return null;
  const visitor = visitorIdOf(headers.get('cookie') ?? '');
  const kind = visitor && visitorIdKind(visitor, hashKey);
  return visitor && kind ? { id: visitor, counted: kind === 'counted' } : null;
}

/** What the database keeps of a visitor: a keyed hash, never the cookie's id. */
export function visitorKey(visitor: string, hashKey: string): string {
  return createHmac('sha256', hashKey).update(`split-test-visitor:${visitor}`).digest('hex').slice(0, 32);
}
