/**
 * What a client can do to the built server (`next start`) with nothing in front of it: hold a
 * connection by sending its body a byte at a time, and pass a foreign page's request off as the site's
 * own with a forged `X-Forwarded-Host` (nginx passes a client's one through).
 */
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/connection';
import { createRepositories } from '@/server/repositories';
import { addOperators, launchChromium, signedIn } from './support/console';
import { freePort, leadBody, postLead, serverEnv, startNextServer, waitFor, type NextServer } from '@/tests/support/next-server';
import { systemSuite } from './support/suite';
import { popupTests } from '@/server/experiments/subjects/popup';

interface Dribbled {
  /** From the request's first byte to the server closing the connection, or to giving up. */
  elapsedMs: number;
  /** From the request's first byte to the answer's, if one came. */
  answeredMs: number | null;
  /** Whatever the server answered before it closed. */
  answer: string;
  closedByServer: boolean;
}

/**
 * A POST whose headers arrive at once and whose body then comes one byte every `everyMs`, never
 * finishing; resolves when the server closes the connection, or after `giveUpMs` if it never does.
 */
function dribble(base: string, route: string, headers: Record<string, string>, options: { everyMs: number; giveUpMs: number }): Promise<Dribbled> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(url.port), url.hostname);
    let answer = '';
    let answeredMs: number | null = null;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closedByServer: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ elapsedMs: Date.now() - started, answeredMs, answer, closedByServer });
    };
    const giveUp = setTimeout(() => finish(false), options.giveUpMs);
    socket.on('data', (chunk) => {
      answeredMs ??= Date.now() - started;
      answer += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.on('connect', () => {
      const head = Object.entries({ host: url.host, 'content-type': 'application/json', 'content-length': '4000', ...headers })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`POST ${route} HTTP/1.1\r\n${head}\r\n{`);
      timer = setInterval(() => socket.writable && socket.write(' '), options.everyMs);
    });
  });
}

describe('a body sent one byte at a time', () => {
  const suite = systemSuite('slow-body');
  let server: NextServer;
  const requestTimeoutMs = 12_000;

  beforeAll(async () => {
    server = await startNextServer(
      await freePort(),
      // Short enough for a quick test, longer than the lead API's own 10 s deadline, which must fire first there.
      serverEnv({ SQLITE_PATH: path.join(suite.dir, 'slow.db'), HTTP_REQUEST_TIMEOUT_MS: String(requestTimeoutMs) }),
    );
    suite.servers.push(server);
  });

  it('gets the lead API 408 after its 10 s deadline, and is cut by the server at its request timeout', async () => {
    const options = { everyMs: 500, giveUpMs: 30_000 };
    const [lead, page] = await Promise.all([
      dribble(server.url, '/api/leads', { origin: server.url }, options),
      dribble(server.url, '/about', { origin: server.url }, options),
    ]);

    // The lead API answers in JSON once its deadline has passed; the body still unread, the server then
    // closes the connection at its request timeout, like any other.
    expect(lead.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(lead.answer).toContain('Запрос передавался слишком долго');
    expect(lead.answeredMs).toBeGreaterThanOrEqual(9_500);
    expect(lead.answeredMs).toBeLessThan(requestTimeoutMs);

    expect(page.answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
    for (const { closedByServer, elapsedMs } of [lead, page]) {
      expect(closedByServer).toBe(true);
      expect(elapsedMs).toBeGreaterThanOrEqual(requestTimeoutMs - 500);
      // Node looks for requests past their timeout every second.
      expect(elapsedMs).toBeLessThan(requestTimeoutMs + 2_500);
    }
  });
});

describe('a forged X-Forwarded-Host', () => {
  const suite = systemSuite('forwarded-host');
  const operator = { email: 'forwarded-host@school-system.ru', password: 'forwarded host password' };
  const popupId = 'popup-react-developer-discount';
  const foreign = 'https://evil.example';
  let server: NextServer;
  let browser: Browser;
  let file: string;

  async function withRepositories<T>(work: (repos: ReturnType<typeof createRepositories>) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ dialect: 'sqlite', file });
    try {
      return await work(createRepositories(handle));
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    file = path.join(suite.dir, 'forwarded.db');
    const port = await freePort();
    // Behind one proxy (TRUST_PROXY=1), as deployed with nginx, which forwards a client's X-Forwarded-Host as it came.
    server = await startNextServer(port, serverEnv({ SQLITE_PATH: file, TRUST_PROXY: '1', SITE_URL: `http://127.0.0.1:${port}` }));
    suite.servers.push(server);
    await addOperators([operator], { dialect: 'sqlite', file });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('does not make a lead from a foreign page our own', async () => {
    const forged = await postLead(server.url, leadBody('forwarded-host').body, { origin: foreign, 'x-forwarded-host': 'evil.example' });
    expect(forged.status).toBe(403);
    // The same lead from the site's own page is taken.
    expect((await postLead(server.url, leadBody('forwarded-host').body)).status).toBe(200);
  });

  it('does not run a console action («Начать тест») for a foreign page', async () => {
    // A pop-up with a saved variant B, so «Начать тест» has a test to start.
    await withRepositories(async (repos) => {
      const popup = (await repos.popups.get(popupId))!;
      const variants = [{ headline: 'Вариант Б', text: 'Текст варианта Б', buttonLabel: 'Забрать скидку' }];
      const saved = await repos.popups.save(popupId, { ...popup.config, variants }, { expectedVersion: popup.version, actor: operator.email, now: Date.now() });
      expect(saved.saved).toBe(true);
    });

    // The action's request as the console sends it: captured, not sent.
    const page = await signedIn(browser, server.url, operator);
    let action: { url: string; headers: Record<string, string>; body: Buffer } | undefined;
    await page.route('**/admin/popups/**', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST' || !request.headers()['next-action']) return route.continue();
      action = { url: request.url(), headers: await request.allHeaders(), body: request.postDataBuffer() ?? Buffer.alloc(0) };
      return route.abort();
    });
    await page.goto(`/admin/popups/${popupId}`);
    await page.getByRole('button', { name: 'Начать тест' }).click();
    await waitFor('the console action request', async () => action !== undefined, 15_000);

    const send = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const { url, body } = action!;
        const kept = Object.fromEntries(Object.entries(action!.headers).filter(([name]) => !['host', 'origin', 'content-length', 'referer'].includes(name)));
        const request = http.request(url, { method: 'POST', headers: { ...kept, 'content-length': String(body.length), ...headers } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
        request.end(body);
      });
    const runningTests = () =>
      withRepositories(async (repos) => (await popupTests(repos).forPopup(popupId)).filter((test) => test.status === 'running').length);

    await send({ origin: foreign, 'x-forwarded-host': 'evil.example' });
    expect(await runningTests()).toBe(0);
    expect(server.output()).toContain('does not match `origin`');

    // The very same request from the console's own page starts the test: only the origin was wrong.
    await send({ origin: server.url });
    expect(await runningTests()).toBe(1);
  });
});
