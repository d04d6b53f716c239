/**
 * A fake Telegram Bot API for tests: a real HTTP server on 127.0.0.1 that answers
 * `POST /bot<token>/sendMessage` (JSON body) like api.telegram.org and records every call. Point
 * TELEGRAM_API_URL at `url`. Modes: `ok`; `down` (HTTP 502, as a proxy in front of an unreachable Telegram);
 * `drop` (the connection is closed without an answer); `rate-limit` (429 with `retry_after`, for the next
 * `rateLimitTimes` calls, then `ok`); `no-tel-links` (400 «wrong HTTP URL» for a text with a `tel:` link).
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type TelegramMode = 'ok' | 'down' | 'drop' | 'rate-limit' | 'no-tel-links';

export interface TelegramCall {
  at: number;
  token: string;
  chatId: string;
  text: string;
  parseMode: unknown;
  /** What the fake answered: `ok` (delivered), `down`, `drop` or `429`. */
  outcome: 'ok' | 'down' | 'drop' | '429' | '400';
}

export interface FakeTelegram {
  url: string;
  /** Every call, answered or not. */
  calls(): TelegramCall[];
  /** The messages delivered (answered ok). */
  delivered(chatId?: string): TelegramCall[];
  setMode(mode: TelegramMode, options?: { retryAfter?: number; times?: number }): void;
  /** Chats the bot cannot reach: 400 «chat not found», as for an id nobody wrote the bot from. */
  setUnknownChats(chatIds: string[]): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  let mode: TelegramMode = 'ok';
  let retryAfter = 3;
  let rateLimitLeft = 0;
  let calls: TelegramCall[] = [];
  let unknownChats = new Set<string>();
  let messageId = 0;
  const sockets = new Set<Socket>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        // recorded with empty fields
      }
      const call = (outcome: TelegramCall['outcome']) =>
        calls.push({ at: Date.now(), token: match[1]!, chatId: String(body.chat_id ?? ''), text: String(body.text ?? ''), parseMode: body.parse_mode, outcome });
      const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (mode === 'drop') {
        call('drop');
        request.socket.destroy();
        return;
      }
      if (mode === 'down') {
        call('down');
        response.writeHead(502, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
        return;
      }
      if (mode === 'rate-limit' && rateLimitLeft > 0) {
        rateLimitLeft -= 1;
        if (rateLimitLeft === 0) mode = 'ok';
        call('429');
        json(429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } });
        return;
      }
      if (unknownChats.has(String(body.chat_id ?? ''))) {
        call('400');
        json(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        return;
      }
      if (mode === 'no-tel-links' && /href="tel:/.test(String(body.text ?? ''))) {
        call('400');
        json(400, { ok: false, error_code: 400, description: 'Bad Request: wrong HTTP URL specified' });
        return;
      }
      call('ok');
      messageId += 1;
      json(200, { ok: true, result: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: body.chat_id }, text: body.text } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => [...calls],
    delivered: (chatId) => calls.filter((call) => call.outcome === 'ok' && (chatId === undefined || call.chatId === chatId)),
    setMode(next, options = {}) {
      mode = next;
      retryAfter = options.retryAfter ?? 3;
      rateLimitLeft = next === 'rate-limit' ? (options.times ?? 1) : 0;
    },
    setUnknownChats(chatIds) {
      unknownChats = new Set(chatIds);
    },
    reset() {
      mode = 'ok';
      calls = [];
      unknownChats = new Set();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
