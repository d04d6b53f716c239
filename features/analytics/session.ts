/** Local-storage key of the visitor's session; only its `user_id` is read, for analytics. */
export const SESSION_STORAGE_KEY = 'session';

export type UserId = string | number;

/**
 * The `user_id` of a stored session, or null when there is none or the value is not usable.
 * The stored value is written by other code (and can be edited by anyone), so every shape is expected:
 * no value, broken JSON, JSON that is not an object, a missing, empty or non-scalar `user_id`.
 */
export function userIdFromSession(raw: string | null): UserId | null {
  if (!raw) return null;
  let session: unknown;
  try {
    session = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof session !== 'object' || session === null || !('user_id' in session)) return null;
  const userId = session.user_id;
  if (typeof userId === 'string') return userId.trim() === '' ? null : userId;
  if (typeof userId === 'number') return Number.isFinite(userId) ? userId : null;
  return null;
}

/** Reads the stored session's user id; storage that throws (blocked cookies, private modes) counts as none. */
export function readStoredUserId(readItem: (key: string) => string | null): UserId | null {
  try {
    return userIdFromSession(readItem(SESSION_STORAGE_KEY));
  } catch {
    return null;
  }
}
