/**
 * The two channels of lead alerts: Telegram's Bot API (`sendMessage`, HTML) and e-mail over SMTP
 * (nodemailer). A result never carries the bot token, the SMTP password or personal data.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { AlertFailure } from '@/lib/outbox-failures';
import type { AlertsConfig } from '../config';
import type { MailContent } from './message';

export type SendResult =
  | { ok: true }
  /**
   * `code`: why, stored in the outbox and shown in Russian by the console; `detail`: the service's status
   * and words (`400 Bad Request: chat not found`, `SMTP EENVELOPE 550`, `timeout 10000 ms`), never a
   * token, password or personal data. `retryAfterMs`: Telegram's `429 retry_after`; nothing goes to that
   * chat before it has passed.
   */
  | { ok: false; code: SendFailure; detail: string; retryAfterMs?: number };

/**
 * Why a message did not go, for the alert worker and the console's test result (rendered in Russian there).
 * `link_refused`: Telegram would not take a link or the markup of the text (its 400 `wrong HTTP URL`,
 * `can't parse entities`), as some of its servers do with a `tel:` link. `crashed` is the worker's own.
 */
export type SendFailure = Exclude<AlertFailure, 'crashed'>;

type TelegramConfig = NonNullable<AlertsConfig['telegram']>;
type MailConfig = NonNullable<AlertsConfig['email']>;

/** `sendMessage` to one chat (`chat_id` a number or `@channel`), `parse_mode: HTML`, without link previews. */
export async function sendTelegram(config: TelegramConfig, chatId: string, html: string): Promise<SendResult> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${config.apiUrl}/bot${config.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text: html, parse_mode: 'HTML', link_preview_options: { is_disabled: true } }),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: unknown })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, code: 'unreachable', detail: `timeout ${config.timeoutMs} ms` };
    return { ok: false, code: 'unreachable', detail: 'network' };
  }
  let answer: { ok?: unknown; error_code?: unknown; description?: unknown; parameters?: { retry_after?: unknown } } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // An answer that is not JSON (a proxy's error page): the HTTP status says enough.
  }
  if (response.ok && answer.ok === true) return { ok: true };
  const retryAfter = Number(answer.parameters?.retry_after);
  const description = typeof answer.description === 'string' ? `: ${answer.description.replace(/\s+/g, ' ').slice(0, 200)}` : '';
  const code: SendFailure =
    response.status === 429
      ? 'rate_limited'
      : response.status === 401 || response.status === 404
        ? 'unauthorized'
        : response.status === 403
          ? 'forbidden'
          : response.status === 400 && /chat not found/i.test(description)
            ? 'chat_not_found'
            : response.status === 400 && /url|entit/i.test(description)
              ? 'link_refused'
              : response.status >= 500
                ? 'unreachable'
                : 'refused';
  return {
    ok: false,
    code,
    detail: `${response.status}${description}`,
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
  };
}

const transports = new Map<string, Transporter>();

function transportOf(config: MailConfig): Transporter {
  let transport = transports.get(config.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: config.timeoutMs,
      greetingTimeout: config.timeoutMs,
      socketTimeout: config.timeoutMs,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    transports.set(config.smtpUrl, transport);
  }
  return transport;
}

/** One mail to one address; nodemailer encodes the headers (the subject and addresses hold no visitor text). */
export async function sendMail(config: MailConfig, to: string, content: MailContent): Promise<SendResult> {
  try {
    await transportOf(config).sendMail({
      from: config.from,
      to,
      subject: content.subject,
      text: content.text,
      html: content.html,
      disableUrlAccess: true,
      disableFileAccess: true,
    });
    return { ok: true };
  } catch (error) {
    const code = (error as { code?: unknown; responseCode?: unknown })?.code;
    const responseCode = (error as { responseCode?: unknown })?.responseCode;
    const unreachable = typeof code === 'string' && ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS'].includes(code);
    return {
      ok: false,
      code: unreachable ? 'unreachable' : 'refused',
      detail: `SMTP ${typeof code === 'string' ? code : 'error'}${typeof responseCode === 'number' ? ` ${responseCode}` : ''}`,
    };
  }
}
