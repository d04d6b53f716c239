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
 * The export API answers from the same model: `GET /pl/api/account/deals?key=…&status_changed_at[from]=…`
 * gives an export id, `GET /pl/api/account/exports/{id}?key=…` answers "not ready" (error 909) for
 * `exportReadyAfterPolls` polls, then the deals whose status changed since that day as GetCourse's table
 * (Russian column titles and status labels, e-mail included). While an export is unread, asking for
 * another answers "busy" (error 905); `exportBusy(n)` makes the next n requests busy as well. A deal's
 * payment is set with `setDealStatus` (what a manager or a payment does in GetCourse); `callUrl` then
 * plays the orders process's «Вызвать URL» block: it fills in a URL template's `{object.*}` variables from
 * the deal and requests it, so a test can also lose a callback by not calling it.
 *
 * In-process: `const gc = await startFakeGetCourse()`. Out of process (e2e, crash tests):
 * `tsx tests/support/fake-getcourse.ts --port 4200`, controlled over HTTP:
 *   GET /__fake/received -> ReceivedRequest[]   POST /__fake/mode {"mode":"flaky"}   POST /__fake/release   POST /__fake/reset
 *   GET /__fake/users, GET /__fake/deals -> the account   POST /__fake/users {email, first_name, phone} (an existing user)
 *   POST /__fake/deal-status {number, status, cost, paid, callUrl?} -> sets a deal's payment (and calls the URL template)
 *   POST /__fake/outage {match, on} -> while on, an import whose data holds `match` (a test's own e-mails) answers 502
 *
 * An outage by `match` is GetCourse down for one test's leads alone: the e2e suite shares one fake, whose
 * mode no test may change, and a test of what the console says while GetCourse is down needs it down.
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
  /** Set by `setDealStatus`: the deal's status code and money as GetCourse shows them. */
  payment?: FakePayment;
}

export interface FakePayment {
  /** GetCourse's code: `new`, `payed`, `part_payed`, `cancelled`, … */
  status: string;
  /** Roubles. */
  cost: number;
  paid: number;
  changedAt: number;
  paidAt: number | null;
}

/** How GetCourse labels its status codes in exports. */
const statusLabels: Record<string, string> = {
  new: 'Новый',
  in_work: 'В работе',
  payment_waiting: 'Ожидаем оплаты',
  pending: 'Отложен',
  not_confirmed: 'Не подтвержден',
  part_payed: 'Частично оплачен',
  payed: 'Завершен',
  waiting_for_return: 'Ожидаем возврата',
  cancelled: 'Отменен',
  false: 'Ложный',
};

interface FakeExport {
  id: number;
  fromDay: string;
  polls: number;
  read: boolean;
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
  /** Sets a deal's payment state (creating the deal if the site never sent it). */
  setDealStatus(number: string, payment: { status: string; cost: number; paid: number; at?: number }): void;
  /**
   * The «Вызвать URL» block: fills `{object.number}`, `{object.status}`, `{object.cost_money_value}`,
   * `{object.payed_money}` of the template from the deal and requests it (POST, data in the query, as GetCourse does).
   */
  callUrl(template: string, number: string): Promise<{ status: number; body: unknown }>;
  /** While `on`, every import whose data contains `match` answers 502 Bad Gateway, whatever the mode. */
  outage(match: string, on: boolean): void;
  /** The next `count` export requests answer "busy"; exports are ready after `readyAfterPolls` polls (default 1). */
  exportBehaviour(options: { busy?: number; readyAfterPolls?: number }): void;
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
  let exports: FakeExport[] = [];
  let exportBusy = 0;
  let exportReadyAfterPolls = 1;
  const hanging = new Set<http.ServerResponse>();
  let held: (() => void)[] = [];
  const outages = new Set<string>();
  const sockets = new Set<Socket>();

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);

    if (url.pathname.startsWith('/__fake/')) return control(url.pathname, req.method ?? 'GET', body, res);
    // Like the public geolocation services, /geo answers any origin (the browser calls it directly).
    if (url.pathname === '/geo') return json(res, 200, { country: 'ru' }, { 'access-control-allow-origin': '*' });

    const form = parseBody(req.headers['content-type'], body);
    if (url.pathname.startsWith('/pl/api/account/')) {
      received.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form,
        outcome: mode === 'error500' ? 'error500' : 'success',
        at: Date.now(),
      });
      if (mode === 'error500') return text(res, 502, 'Bad Gateway');
      return exportApi(url, res);
    }
    const request: ReceivedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form,
      params: decodeParams(form.params),
      outcome: [...outages].some((match) => JSON.stringify(decodeParams(form.params) ?? '').includes(match)) ? 'error500' : nextOutcome(),
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
      return outcome === 'success' ? json(res, 200, { success: true }) : json(res, 200, { success: false, error: true, error_message: 'Форма не принята' });
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

  /** GetCourse's export API over the model: asynchronous, one export at a time. */
  function exportApi(url: URL, res: http.ServerResponse) {
    if (!url.searchParams.get('key')) return json(res, 200, { success: false, error_code: 401, error_message: 'Не указан ключ' });
    if (url.pathname === '/pl/api/account/deals') {
      if (exportBusy > 0 || exports.some((item) => !item.read)) {
        exportBusy = Math.max(0, exportBusy - 1);
        return json(res, 200, { success: false, error_code: 905, error_message: 'Уже запущен экспорт, дождитесь его завершения' });
      }
      const item: FakeExport = {
        id: 700 + exports.length + 1,
        fromDay: url.searchParams.get('status_changed_at[from]') ?? '1970-01-01',
        polls: 0,
        read: false,
      };
      exports.push(item);
      return json(res, 200, { success: true, info: { export_id: item.id } });
    }
    const match = /^\/pl\/api\/account\/exports\/(\d+)$/.exec(url.pathname);
    const item = match ? exports.find((candidate) => candidate.id === Number(match[1])) : undefined;
    if (!item) return json(res, 200, { success: false, error_code: 404, error_message: 'Экспорт не найден' });
    item.polls += 1;
    if (item.polls < exportReadyAfterPolls) return json(res, 200, { success: false, error_code: 909, error_message: 'Файл еще не создан' });
    item.read = true;
    const from = Date.parse(`${item.fromDay}T00:00:00+03:00`);
    const moscow = (at: number | null) => (at === null ? '' : new Date(at + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '));
    const items = [...deals.values()]
      .filter((deal) => deal.payment && deal.payment.changedAt >= from)
      .map((deal) => [
        deal.deal_number,
        deal.email,
        statusLabels[deal.payment!.status] ?? deal.payment!.status,
        `${deal.payment!.cost} руб.`,
        `${deal.payment!.paid} руб.`,
        moscow(deal.payment!.paidAt),
      ]);
    return json(res, 200, { success: true, info: { fields: ['Номер', 'Email', 'Статус', 'Стоимость, RUB', 'Оплачено', 'Дата оплаты'], items } });
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
    if (path === '/__fake/deal-status' && method === 'POST') {
      const change = safeJson(body);
      if (typeof change?.number !== 'string' || typeof change?.status !== 'string') return json(res, 400, { error: 'a deal status needs number and status' });
      api.setDealStatus(change.number, { status: change.status, cost: Number(change.cost ?? 0), paid: Number(change.paid ?? 0) });
      if (typeof change.callUrl !== 'string') return json(res, 200, { ok: true });
      return void api.callUrl(change.callUrl, change.number).then(
        (answer) => json(res, 200, answer),
        (error: Error) => json(res, 502, { error: error.message }),
      );
    }
    if (path === '/__fake/release' && method === 'POST') return json(res, 200, { released: api.release() });
    if (path === '/__fake/outage' && method === 'POST') {
      const outage = safeJson(body);
      if (typeof outage?.match !== 'string' || outage.match.length < 8 || typeof outage.on !== 'boolean')
        return json(res, 400, { error: 'an outage needs match (8 characters or more) and on' });
      api.outage(outage.match, outage.on);
      return json(res, 200, { ok: true });
    }
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
    outage(match, on) {
      if (on) outages.add(match);
      else outages.delete(match);
    },
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
    setDealStatus(number, { status, cost, paid, at = Date.now() }) {
      const deal = deals.get(number) ?? { deal_number: number, email: '', imports: 0, fields: {} };
      const wasPaid = deal.payment?.paidAt ?? null;
      deal.payment = { status, cost, paid, changedAt: at, paidAt: wasPaid ?? (status === 'payed' || status === 'part_payed' ? at : null) };
      deals.set(number, deal);
    },
    async callUrl(template, number) {
      const deal = deals.get(number);
      const values: Record<string, string> = {
        'object.number': number,
        'object.status': deal?.payment?.status ?? 'new',
        'object.cost_money_value': `${(deal?.payment?.cost ?? 0).toLocaleString('ru-RU')} руб.`,
        'object.payed_money': `${(deal?.payment?.paid ?? 0).toLocaleString('ru-RU')} руб.`,
      };
      const url = template.replace(/\{(object\.[a-z_]+)\}/g, (whole, name: string) => encodeURIComponent(values[name] ?? whole));
      const response = await fetch(url, { method: 'POST' });
      const text = await response.text();
      return { status: response.status, body: safeJson(text) ?? text };
    },
    exportBehaviour({ busy, readyAfterPolls }) {
      if (busy !== undefined) exportBusy = busy;
      if (readyAfterPolls !== undefined) exportReadyAfterPolls = readyAfterPolls;
    },
    reset() {
      exports = [];
      exportBusy = 0;
      exportReadyAfterPolls = 1;
      held = [];
      outages.clear();
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
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="ru"><title>${title}</title><h1>${title}</h1></html>`);
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
