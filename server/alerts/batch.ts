/**
 * Which of a recipient's due alerts go out in the next message. Pure.
 * - Held alerts (leads that came outside working hours) all go together as one digest, oldest first:
 *   the night's leads are one message at the opening, not seven pings.
 * - Otherwise the oldest due alert goes alone (the next one waits for the chat's one-second spacing).
 */
export interface DueAlert {
  id: number;
  /** The lead came outside working hours: its alert waited for the opening. */
  held: boolean;
  createdAt: number;
}

export interface AlertBatch {
  digest: boolean;
  /** Outbox ids, oldest first. */
  ids: number[];
}

export function chooseBatch(due: readonly DueAlert[]): AlertBatch | null {
  const ordered = [...due].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const held = ordered.filter((alert) => alert.held);
  if (held.length > 0) return { digest: true, ids: held.map((alert) => alert.id) };
  const first = ordered[0];
  return first ? { digest: false, ids: [first.id] } : null;
}
