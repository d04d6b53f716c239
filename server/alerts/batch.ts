/**
 * Which of a recipient's due alerts go out in the next message. Pure.
 * - Held alerts (leads that came outside working hours) go together as the night's digest: ONE message at
 *   the opening however long the night, with the real count and the first leads listed, oldest first;
 *   the rest are in the console (a night of 530 leads is one message, not 45 each headed «За ночь: 12»).
 * - One due alert goes alone; several (a burst of leads, or a backlog after an outage: the chat takes one
 *   message a second) go together as a list of new leads, so the chat never falls behind; such a list
 *   holds at most `MAX_LEADS_A_MESSAGE` leads (Telegram's 4096 characters) and the rest follow.
 */
export interface DueAlert {
  id: number;
  /** The lead came outside working hours: its alert waited for the opening. */
  held: boolean;
  createdAt: number;
}

export type BatchKind = 'single' | 'night' | 'backlog';

export interface AlertBatch {
  kind: BatchKind;
  /** Outbox ids the message carries (and records as sent), oldest first. */
  ids: number[];
  /** How many of them, from the first, the message lists one by one. */
  listed: number;
  /** Due alerts of the same kind left for the next message. */
  remaining: number;
}

export const MAX_LEADS_A_MESSAGE = 12;

export function chooseBatch(due: readonly DueAlert[], max = MAX_LEADS_A_MESSAGE): AlertBatch | null {
  const ordered = [...due].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const held = ordered.filter((alert) => alert.held);
  const pool = held.length > 0 ? held : ordered;
  if (pool.length === 0) return null;
  if (held.length > 0) return { kind: 'night', ids: held.map((alert) => alert.id), listed: Math.min(max, held.length), remaining: 0 };
  const ids = pool.slice(0, max).map((alert) => alert.id);
  return { kind: pool.length === 1 ? 'single' : 'backlog', ids, listed: ids.length, remaining: pool.length - ids.length };
}
