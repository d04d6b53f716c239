/**
 * A fake Telegram Bot API for tests: a real HTTP server on 127.0.0.1 that answers
 * `POST /bot<token>/sendMessage` (JSON body) like api.telegram.org and records every call. Point
 * TELEGRAM_API_URL at `url`. It also answers `getMe` (the bot `botUsername`) and `getUpdates` (the messages
 * `pressStart` wrote to the bot, from `offset` on; with a `timeout` it waits for one as long polling does).
 * A test in another process drives it over HTTP: `POST /__fake/start {chatId, firstName?, lastName?,
 * username?, text}` (a person's message to the bot), `GET /__fake/delivered?chat=<id>` (the messages
 * delivered, to one chat). Modes: `ok`; `down` (HTTP 502, as a proxy in front of an unreachable Telegram);
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

/** A person writing to the bot in their private chat (the update getUpdates gives). */
export interface FakeStart {
  chatId: number;
  firstName?: string;
  lastName?: string;
  username?: string;
  /** What they wrote: `/start <code>` when they pressed «Start» on a join link. */
  text: string;
}

export interface FakeTelegram {
  url: string;
  /** The bot's username getMe answers. */
  botUsername: string;
  /** A message to the bot, as when a person opens the join link and presses «Start»; its update_id. */
  pressStart(start: FakeStart): number;
  /** The calls of getMe and getUpdates (method and body), in order. */
  botCalls(): { method: string; body: Record<string, unknown> }[];
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

export async function startFakeTelegram(options: { port?: number; botUsername?: string } = {}): Promise<FakeTelegram> {
  const botUsername = options.botUsername ?? 'school_alerts_test_bot';
  let updates: { update_id: number; message: Record<string, unknown> }[] = [];
  let nextUpdateId = 700_000;
  let botCalls: { method: string; body: Record<string, unknown> }[] = [];
  /** getUpdates calls waiting for a message (long polling). */
  const waiting = new Set<() => void>();
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
      const url = new URL(request.url ?? '/', 'http://fake');
      if (url.pathname.startsWith('/__fake/')) return control(url, request.method ?? 'GET', Buffer.concat(chunks).toString('utf8'), response);
      const bot = /^\/bot([^/]+)\/(getMe|getUpdates)$/.exec(url.pathname);
      if (request.method === 'POST' && bot) return botMethod(bot[2]!, Buffer.concat(chunks).toString('utf8'), response);
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
        calls.push({
          at: Date.now(),
          token: match[1]!,
          chatId: String(body.chat_id ?? ''),
          text: String(body.text ?? ''),
          parseMode: body.parse_mode,
          outcome,
        });
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
  function pressStart(start: FakeStart): number {
    const update_id = nextUpdateId++;
    const from = {
      id: start.chatId,
      is_bot: false,
      first_name: start.firstName ?? 'Менеджер',
      ...(start.lastName ? { last_name: start.lastName } : {}),
      ...(start.username ? { username: start.username } : {}),
    };
    updates.push({
      update_id,
      message: {
        message_id: update_id,
        date: Math.floor(Date.now() / 1000),
        chat: { id: start.chatId, type: 'private', first_name: from.first_name },
        from,
        text: start.text,
      },
    });
    for (const wake of waiting) wake();
    return update_id;
  }

  function botMethod(method: string, text: string, response: http.ServerResponse) {
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // an empty body
    }
    botCalls.push({ method, body });
    const json = (value: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (method === 'getMe') {
      json({ ok: true, result: { id: 424_242, is_bot: true, first_name: 'Заявки школы', username: botUsername } });
      return;
    }
    const offset = Number(body.offset ?? 0);
    // As Telegram does: an offset confirms (forgets) every update before it.
    updates = updates.filter((update) => update.update_id >= offset);
    const answer = () => json({ ok: true, result: updates.slice(0, Number(body.limit ?? 100)) });
    const waitMs = Math.min(Number(body.timeout ?? 0), 50) * 1000;
    if (updates.length > 0 || waitMs === 0) return answer();
    const wake = () => {
      clearTimeout(timer);
      waiting.delete(wake);
      if (!response.writableEnded && !response.destroyed) answer();
    };
    const timer = setTimeout(wake, waitMs);
    waiting.add(wake);
    response.on('close', () => {
      clearTimeout(timer);
      waiting.delete(wake);
    });
  }

  function control(url: URL, method: string, text: string, response: http.ServerResponse) {
    const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (url.pathname === '/__fake/start' && method === 'POST') {
      const start = JSON.parse(text) as FakeStart;
      return json(200, { updateId: pressStart(start) });
    }
    if (url.pathname === '/__fake/delivered' && method === 'GET') {
      const chat = url.searchParams.get('chat');
      return json(
        200,
        calls
          .filter((call) => call.outcome === 'ok' && (chat === null || call.chatId === chat))
          .map(({ chatId, text: message }) => ({ chatId, text: message })),
      );
    }
    return json(404, { error: 'unknown control path' });
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    botUsername,
    pressStart,
    botCalls: () => [...botCalls],
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
      updates = [];
      botCalls = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of waiting) wake();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
