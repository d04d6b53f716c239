/**
 * What the lead-alert bot asks Telegram besides sending: its own username (getMe, for the join link) and
 * the messages written to it (getUpdates, for `/start <code>`). A result never carries the bot token.
 */
import type { AlertsConfig } from '../config';

type TelegramConfig = NonNullable<AlertsConfig['telegram']>;

/** One message to the bot as getUpdates gives it (only the fields we read). */
export interface TelegramUpdate {
  update_id: number;
  message?: {
    text?: string;
    chat?: { id?: number | string; type?: string };
    from?: { id?: number; is_bot?: boolean; first_name?: string; last_name?: string; username?: string };
  };
}

export type BotCall<T> = { ok: true; result: T } | { ok: false; status: number; error: string };

async function call<T>(config: TelegramConfig, method: string, body: Record<string, unknown>, signal: AbortSignal): Promise<BotCall<T>> {
  let response: Response;
  let answer: { ok?: unknown; result?: unknown; description?: unknown } = {};
  try {
    response = await fetch(`${config.apiUrl}/bot${config.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
      redirect: 'error',
    });
    answer = (await response.json().catch(() => ({}))) as typeof answer;
  } catch (error) {
    const name = (error as { name?: unknown })?.name;
    return {
      ok: false,
      status: 0,
      error: name === 'TimeoutError' || name === 'AbortError' ? `Telegram ${method}: no answer in time` : `Telegram ${method}: network error`,
    };
  }
  if (response.ok && answer.ok === true) return { ok: true, result: answer.result as T };
  const description = typeof answer.description === 'string' ? `: ${answer.description.replace(/\s+/g, ' ').slice(0, 200)}` : '';
  return { ok: false, status: response.status, error: `Telegram ${method} HTTP ${response.status}${description}` };
}

/** The bot's usernames by token, once known (a bot's username does not change under its token). */
const usernames = new Map<string, string>();

/** The bot's @username (without the @), from getMe; cached for the process once known. */
export async function botUsername(config: TelegramConfig): Promise<BotCall<string>> {
  const known = usernames.get(`${config.apiUrl} ${config.token}`);
  if (known) return { ok: true, result: known };
  const me = await call<{ username?: unknown; is_bot?: unknown }>(config, 'getMe', {}, AbortSignal.timeout(config.timeoutMs));
  if (!me.ok) return me;
  if (typeof me.result.username !== 'string' || !me.result.username) return { ok: false, status: 200, error: 'Telegram getMe: no username' };
  usernames.set(`${config.apiUrl} ${config.token}`, me.result.username);
  return { ok: true, result: me.result.username };
}

/**
 * The messages written to the bot from `offset` on (getUpdates confirms every update before it), waiting
 * up to `waitSeconds` for one to come (long polling; 0: answer at once). `signal` ends the wait early.
 */
export function getUpdates(config: TelegramConfig, offset: number, waitSeconds: number, signal: AbortSignal): Promise<BotCall<TelegramUpdate[]>> {
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(waitSeconds * 1000 + config.timeoutMs)]);
  return call<TelegramUpdate[]>(config, 'getUpdates', { offset, timeout: waitSeconds, limit: 100, allowed_updates: ['message'] }, bounded);
}
