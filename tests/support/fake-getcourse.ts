/**
 * A fake GetCourse account: a real HTTP server on 127.0.0.1 for integration, system and end-to-end
 * tests. It speaks the import API (`POST /pl/api/deals`, `/pl/api/users`: form-encoded `action`, `key`,
 * `params` = base64 JSON) and accepts form posts on any other path (HTML for a browser, JSON
 * `{ success }` for a server that asks for JSON), records everything, and can
 * misbehave the way the real one does: HTTP 200 with an error inside, 5xx, hanging, dropping the connection,
 * or doing the import and then losing the answer.
 *
 * Imports change a model of the account the way GetCourse's import documentation describes: users are
 * found by e-mail and their name, phone and fields change only with `refresh_if_exists: 1`; a deal is
 * found by `deal_number` (updated, not added again) and belongs to the user of its e-mail.
 *
 * In-process: `const gc = await startFakeGetCourse()`. Out of process (e2e, crash tests):
 * `tsx tests/support/fake-getcourse.ts --port 4200`, controlled over HTTP:
 *   GET /__fake/received -> ReceivedRequest[]   POST /__fake/mode {"mode":"flaky"}   POST /__fake/release   POST /__fake/reset
 *   GET /__fake/users, GET /__fake/deals -> the account   POST /__fake/users {email, first_name, phone} (an existing user)
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const fakeModes = ['success', 'error200', 'error500', 'hang', 'drop', 'flaky', 'lose-answer', 'hold'] as const;
/**
 * `flaky` fails every other call (the first one fails) with a 500; `lose-answer` imports, then never answers;
 * `hold` keeps each call waiting until `release()`, which imports and answers it as a success (a slow GetCourse).
 */
export type FakeMode = (typeof fakeModes)[number];

export type Outcome = 'success' | 'error200' | 'error500' | 'hang' | 'drop' | 'lose-answer' | 'hold';

export interface FakeUser {
  email: string;
  first_name?: string;
  phone?: string;
  addfields?: Record<string, string>;
}

export interface FakeDeal {
  deal_number: string;
  email: string;
  /** Every import that carried this deal number; more than one means it was updated, not added again. */
  imports: number;
  fields: Record<string, unknown>;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Form fields (urlencoded bodies) or the parsed JSON body. */
  form: Record<string, string>;
  /** The decoded `params` of an import API call. */
  params?: unknown;
  outcome: Outcome;
  at: number;
}

export interface FakeGetCourse {
  url: string;
  port: number;
  setMode(mode: FakeMode): void;
  received(): ReceivedRequest[];
  /** The account's users (by e-mail) and deals, as the imports left them. */
  users(): FakeUser[];
  deals(): FakeDeal[];
  /** A user the school already had before any lead of ours. */
  seedUser(user: FakeUser): void;
  /** Answers the calls that `hold` keeps waiting, as successes; how many there were. */
  release(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeGetCourse(options: { port?: number; mode?: FakeMode } = {}): Promise<FakeGetCourse> {
  let mode: FakeMode = options.mode ?? 'success';
  let calls = 0;
  let nextId = 1;
  let received: ReceivedRequest[] = [];
  let users = new Map<string, FakeUser>();
  let deals = new Map<string, FakeDeal>();
  let dealsWithoutNumber = 0;
  const hanging = new Set<http.ServerResponse>();
  let held: (() => void)[] = [];
  const sockets = new Set<Socket>();

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);

    if (url.pathname.startsWith('/__fake/')) return control(url.pathname, req.method ?? 'GET', body, res);
    // Like the public geolocation services, /geo answers any origin (the browser calls it directly).
    if (url.pathname === '/geo') return json(res, 200, { country: 'ru' }, { 'access-control-allow-origin': '*' });

    const form = parseBody(req.headers['content-type'], body);
    const request: ReceivedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form,
      params: decodeParams(form.params),
      outcome: nextOutcome(),
      at: Date.now(),
    };
    received.push(request);
    if (request.outcome !== 'hold') return answer(req, res, url, request);
    held.push(() => {
      request.outcome = 'success';
      answer(req, res, url, request);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function answer(req: http.IncomingMessage, res: http.ServerResponse, url: URL, { outcome, form, params }: ReceivedRequest) {
    if (outcome === 'drop') return req.socket.destroy();
    if (outcome === 'hang') return void hanging.add(res);
    if (outcome === 'lose-answer') {
      if (url.pathname.startsWith('/pl/api/')) applyImport(url.pathname, params);
      return void hanging.add(res);
    }
    if (outcome === 'error500') return text(res, 502, 'Bad Gateway');

    const isImportApi = url.pathname.startsWith('/pl/api/');
    if (!isImportApi && req.headers.accept?.includes('application/json')) {
      // A form post that asks for JSON (our worker's GetCourse-form deliveries), answered like an import.
      return outcome === 'success'
        ? json(res, 200, { success: true })
        : json(res, 200, { success: false, error: true, error_message: 'Форма не принята' });
    }
    if (!isImportApi) {
      // A browser form post (native forms): GetCourse answers with its payment / thank-you page.
      return html(res, outcome === 'success' ? 'Заявка принята' : 'Ошибка');
    }
    if (outcome === 'error200') {
      return json(res, 200, {
        success: true,
        action: form.action ?? 'add',
        result: { success: false, error: true, error_message: 'Не удалось обработать импорт' },
      });
    }
    applyImport(url.pathname, params);
    const id = nextId++;
    return json(res, 200, {
      success: true,
      action: form.action ?? 'add',
      result: {
        success: true,
        user_id: 1000 + id,
        ...(url.pathname.endsWith('/deals') ? { deal_id: 5000 + id } : {}),
        error_message: '',
        error: false,
      },
    });
  }

  /** What GetCourse does with an accepted import: users by e-mail, deals by number. */
  function applyImport(path: string, params: unknown) {
    const { user, system, deal } = (params ?? {}) as { user?: FakeUser; system?: { refresh_if_exists?: unknown }; deal?: Record<string, unknown> };
    if (!user?.email) return;
    const key = user.email.trim().toLowerCase();
    const existing = users.get(key);
    if (!existing) users.set(key, { ...user });
    else if (Number(system?.refresh_if_exists) === 1) users.set(key, { ...existing, ...user, addfields: { ...existing.addfields, ...user.addfields } });
    if (!path.endsWith('/deals') || !deal) return;
    const number = typeof deal.deal_number === 'string' || typeof deal.deal_number === 'number' ? String(deal.deal_number) : '';
    if (!number) {
      dealsWithoutNumber += 1;
      deals.set(`unnumbered-${dealsWithoutNumber}`, { deal_number: '', email: key, imports: 1, fields: deal });
      return;
    }
    const known = deals.get(number);
    deals.set(number, { deal_number: number, email: known?.email ?? key, imports: (known?.imports ?? 0) + 1, fields: { ...known?.fields, ...deal } });
  }

  function nextOutcome(): Outcome {
    calls += 1;
    if (mode === 'flaky') return calls % 2 === 1 ? 'error500' : 'success';
    return mode;
  }

  function releaseHanging() {
    for (const res of hanging) res.socket?.destroy();
    hanging.clear();
  }

  function control(path: string, method: string, body: string, res: http.ServerResponse) {
    if (path === '/__fake/received' && method === 'GET') return json(res, 200, received);
    if (path === '/__fake/users' && method === 'GET') return json(res, 200, api.users());
    if (path === '/__fake/deals' && method === 'GET') return json(res, 200, api.deals());
    if (path === '/__fake/users' && method === 'POST') {
      const user = safeJson(body);
      if (typeof user?.email !== 'string') return json(res, 400, { error: 'a user needs an email' });
      api.seedUser(user);
      return json(res, 200, { ok: true });
    }
    if (path === '/__fake/release' && method === 'POST') return json(res, 200, { released: api.release() });
    if (path === '/__fake/reset' && method === 'POST') {
      api.reset();
      return json(res, 200, { ok: true });
    }
    if (path === '/__fake/mode' && method === 'POST') {
      const requested = safeJson(body)?.mode;
      if (!fakeModes.includes(requested)) return json(res, 400, { error: `mode must be one of ${fakeModes.join(', ')}` });
      api.setMode(requested);
      return json(res, 200, { mode });
    }
    return json(res, 404, { error: 'unknown control path' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;

  const api: FakeGetCourse = {
    url: `http://127.0.0.1:${port}`,
    port,
    setMode(next) {
      mode = next;
      calls = 0;
      if (next !== 'hang') releaseHanging();
    },
    received: () => [...received],
    users: () => [...users.values()].map((user) => ({ ...user })),
    deals: () => [...deals.values()].map((deal) => ({ ...deal })),
    seedUser(user) {
      users.set(user.email.trim().toLowerCase(), { ...user });
    },
    release() {
      const waiting = held;
      held = [];
      for (const respond of waiting) respond();
      return waiting.length;
    },
    reset() {
      held = [];
      received = [];
      users = new Map();
      deals = new Map();
      mode = 'success';
      calls = 0;
      releaseHanging();
    },
    close: () =>
      new Promise<void>((resolve) => {
        releaseHanging();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return api;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}

function parseBody(contentType: string | undefined, body: string): Record<string, string> {
  if (!body) return {};
  if (contentType?.includes('application/json')) {
    const parsed = safeJson(body);
    return parsed && typeof parsed === 'object' ? parsed : {};
  }
  return Object.fromEntries(new URLSearchParams(body));
}

function decodeParams(params: string | undefined): unknown {
  if (!params) return undefined;
  return safeJson(Buffer.from(params, 'base64').toString('utf8')) ?? params;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test double: any JSON the client sends
function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function json(res: http.ServerResponse, status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(value));
}

function text(res: http.ServerResponse, status: number, value: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(value);
}

function html(res: http.ServerResponse, title: string) {
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html lang="ru"><title>${title}</title><h1>${title}</h1></html>`);
}

// Run on its own: `tsx tests/support/fake-getcourse.ts --port 4200`.
if (process.argv[1]?.endsWith('fake-getcourse.ts')) {
  const portFlag = process.argv.indexOf('--port');
  const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 0;
  startFakeGetCourse({ port }).then((gc) => {
    console.log(`fake GetCourse listening on ${gc.url}`);
    const stop = () => gc.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
