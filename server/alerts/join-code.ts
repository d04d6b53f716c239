/**
 * A manager joins the lead alerts by a link to the bot, `https://t.me/<bot>?start=<code>`: Telegram opens
 * the bot with a «Start» button, and pressing it sends the bot `/start <code>`. The code is one-time,
 * valid for a day, and only its SHA-256 is stored. Pure.
 */
import { createHash, randomBytes } from 'node:crypto';

export const JOIN_CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Telegram's rule for a start parameter: A-Z, a-z, 0-9, `_` and `-`, at most 64 characters. Ours are 32
 * (24 random bytes, base64url), so a code that is not of this shape is no code of ours.
 */
const START_PARAMETER = /^[A-Za-z0-9_-]{1,64}$/;
const JOIN_CODE = /^[A-Za-z0-9_-]{32}$/;

export function newJoinCode(random: (size: number) => Buffer = randomBytes): string {
  return random(24).toString('base64url');
}

export function isStartParameter(value: string): boolean {
  return START_PARAMETER.test(value);
}

export function isJoinCode(value: string): boolean {
  return JOIN_CODE.test(value);
}

export function hashJoinCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** A bot's username as getMe gives it (5-32 letters, digits and `_`, ending in `bot`, any case). */
export function isBotUsername(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(value);
}

/** The deep link that opens the bot with the code as its start parameter. */
export function botStartLink(botUsername: string, code: string): string {
  if (!isBotUsername(botUsername)) throw new Error('not a bot username');
  if (!isStartParameter(code)) throw new Error('not a start parameter');
  return `https://t.me/${botUsername}?start=${code}`;
}

/**
 * The code of a message's text when it is the bot's start command with a parameter: `/start <code>`, or
 * `/start@<bot> <code>` as some clients send it; null for any other text (a bare `/start` included).
 */
export function startParameterOf(text: string): string | null {
  const match = /^\/start(?:@[A-Za-z0-9_]+)?\s+(\S+)\s*$/.exec(text.trim());
  if (!match) return null;
  return isStartParameter(match[1]!) ? match[1]! : null;
}

/** The Telegram user as the console names them: «Анна Петрова», else «@anna», else «Telegram 123». */
export function telegramDisplayName(from: { first_name?: string; last_name?: string; username?: string }, chatId: string): string {
  const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
  const name = [clean(from.first_name), clean(from.last_name)].filter(Boolean).join(' ').slice(0, 128);
  if (name) return name;
  const username = clean(from.username);
  return username ? `@${username.slice(0, 64)}` : `Telegram ${chatId}`;
}

export type JoinState = 'open' | 'expired' | 'used';

export function joinCodeState(code: { expiresAt: number; usedAt: number | null }, now: number): JoinState {
  if (code.usedAt !== null) return 'used';
  return now < code.expiresAt ? 'open' : 'expired';
}
