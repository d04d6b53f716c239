/**
 * Which of a recipient's due alerts go out in the next message. Pure.
 * - Held alerts (leads that came outside working hours) go together as the night's digest, oldest first:
 *   the night's leads are one message at the opening, not seven pings.
 * - One due alert goes alone; several (a burst of leads, or a backlog after an outage: the chat takes one
 *   message a second) go together as a list of new leads, so the chat never falls behind.
 * A message holds at most `MAX_LEADS_A_MESSAGE` leads (Telegram's 4096 characters); the rest follow.
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
  /** Outbox ids, oldest first. */
  ids: number[];
  /** Due alerts of the same kind left for the next message. */
  remaining: number;
}

export const MAX_LEADS_A_MESSAGE = 12;

export function chooseBatch(due: readonly DueAlert[], max = MAX_LEADS_A_MESSAGE): AlertBatch | null {
  const ordered = [...due].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const held = ordered.filter((alert) => alert.held);
  const pool = held.length > 0 ? held : ordered;
  if (pool.length === 0) return null;
  const ids = pool.slice(0, max).map((alert) => alert.id);
  const kind: BatchKind = held.length > 0 ? 'night' : pool.length === 1 ? 'single' : 'backlog';
  return { kind, ids, remaining: pool.length - ids.length };
}
