/**
 * Invitations of operators (console «Операторы» → «Добавить оператора»): a one-time link with a random
 * token, of which only its SHA-256 is stored, valid for 48 hours. Pure: the clock and the randomness are
 * passed in or are the platform's.
 */
import { createHash, randomBytes } from 'node:crypto';

export const INVITATION_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** The path of an invitation's page; its token follows. */
export const INVITATION_PATH = '/admin/join/';

/** 32 random bytes as 43 URL-safe characters: never guessed, never stored. */
export function newInvitationToken(random: (size: number) => Buffer = randomBytes): string {
  return random(32).toString('base64url');
}

/** What a token looks like (43 base64url characters); anything else is no invitation, unlooked-up. */
export function isInvitationToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The stored form of a token: its SHA-256, hex. A token of 256 random bits needs no salt or slow hash. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The link the inviting operator passes on: the site's address, the page, the token. */
export function invitationLink(siteOrigin: string, token: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}${INVITATION_PATH}${token}`;
}

export type InvitationState = 'open' | 'expired' | 'accepted';

/** Whether an invitation can still be accepted at `now`. */
export function invitationState(invitation: { expiresAt: number; acceptedAt: number | null }, now: number): InvitationState {
  if (invitation.acceptedAt !== null) return 'accepted';
  return now < invitation.expiresAt ? 'open' : 'expired';
}
