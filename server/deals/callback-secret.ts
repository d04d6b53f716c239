import { createHash, timingSafeEqual } from 'node:crypto';

/** GetCourse's callback secret (GETCOURSE_CALLBACK_SECRET): 32+ characters, else none (every call is refused). */
export const CALLBACK_SECRET_MIN_LENGTH = 32;

export function readCallbackSecret(env: Record<string, string | undefined> = process.env): string | null {
  const secret = env.GETCOURSE_CALLBACK_SECRET?.trim() ?? '';
  return secret.length >= CALLBACK_SECRET_MIN_LENGTH ? secret : null;
}

/** Compared in constant time (over digests, so the length of the guess tells nothing either). */
export function callbackSecretMatches(expected: string | null, given: string | null): boolean {
  if (!expected || !given) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}
