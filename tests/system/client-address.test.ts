/**
 * The rate limit against a client who lies about its address, on the real production server
 * (`next start`, as `npm start` runs it): directly exposed, and behind one proxy hop (a real HTTP proxy
 * that appends the address it saw, as nginx's `$proxy_add_x_forwarded_for` does).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, hashClientAddress } from '@/server/leads/client-address';
import { testScratchRoot } from '@/server/testing/scratch';
import { assertBuilt, freePort, leadBody, serverEnv, startNextServer, type NextServer } from '@/tests/support/next-server';

const HASH_KEY = 'system-test-hash-key-0123456789abcdef';
const LIMIT = 30;

let dir: string;
let server: NextServer | undefined;
let proxy: http.Server | undefined;

beforeAll(() => {
  assertBuilt();
  dir = fs.mkdtempSync(path.join(testScratchRoot(), 'client-address-'));
});
afterEach(async () => {
  await server?.kill('SIGKILL');
  server = undefined;
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  proxy = undefined;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function start(name: string, env: Record<string, string>): Promise<NextServer> {
  server = await startNextServer(
    await freePort(),
    serverEnv({ SQLITE_PATH: path.join(dir, `${name}.db`), ADDRESS_HASH_KEY: HASH_KEY, RATE_LIMIT_PER_MINUTE: String(LIMIT), ...env }),
  );
  return server;
}

/** A reverse proxy in front of `target`: forwards everything and appends the client's address to X-Forwarded-For. */
async function startProxy(target: URL): Promise<URL> {
  proxy = http.createServer((req, res) => {
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
}

/** One lead with forged forwarding headers, sent from `localAddress` (any 127.x address is this machine). */
function forgedLead(base: URL, i: number, localAddress = '127.0.0.1'): Promise<number> {
  const body = JSON.stringify(leadBody(`forged-${i}`).body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: '/api/leads',
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': `198.18.${i >> 8}.${i & 255}`,
          'x-real-ip': `198.19.${i >> 8}.${i & 255}`,
          [CLIENT_ADDRESS_HEADER]: `198.20.${i >> 8}.${i & 255}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The limits count per clock minute. A burst whose tally must fall in one window starts with at least
 * `needMs` of its minute left (the condition waited for is the clock reaching such a moment).
 */
async function freshMinute(needMs = 20_000) {
  while (60_000 - (Date.now() % 60_000) < needMs) await new Promise((resolve) => setTimeout(resolve, 250));
}

function tally(statuses: number[]) {
  return statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
}

function storedAddressHashes(name: string): string[] {
  const db = new BetterSqlite3(path.join(dir, `${name}.db`), { readonly: true });
  try {
    return db
      .prepare('select distinct client_address_hash as hash from leads')
      .all()
      .map((row) => (row as { hash: string }).hash);
  } finally {
    db.close();
  }
}

describe('the client address behind the rate limit', () => {
  it('cannot be chosen by the client on a directly exposed server: forged X-Forwarded-For, X-Real-IP and our own header change nothing', async () => {
    const site = await start('direct', {});
    await freshMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++) statuses.push(await forgedLead(new URL(site.url), i));
    expect(tally(statuses)).toEqual({ 200: LIMIT, 429: 80 - LIMIT });
    expect(storedAddressHashes('direct')).toEqual([hashClientAddress('127.0.0.1', HASH_KEY)]);
  });

  it('is the address one trusted proxy hop saw (TRUST_PROXY=1), not what the client wrote before it', async () => {
    const site = await start('proxied', { TRUST_PROXY: '1' });
    const entry = await startProxy(new URL(site.url));
    const statuses = { first: [] as number[], second: [] as number[] };
    await freshMinute(30_000);
    for (let i = 0; i < 40; i++) statuses.first.push(await forgedLead(entry, i, '127.0.0.2'));
    for (let i = 40; i < 80; i++) statuses.second.push(await forgedLead(entry, i, '127.0.0.3'));
    // Each client the proxy saw has its own limit; no forged entry gave anyone another bucket.
    expect(tally(statuses.first)).toEqual({ 200: LIMIT, 429: 40 - LIMIT });
    expect(tally(statuses.second)).toEqual({ 200: LIMIT, 429: 40 - LIMIT });
    expect(storedAddressHashes('proxied').sort()).toEqual([hashClientAddress('127.0.0.2', HASH_KEY), hashClientAddress('127.0.0.3', HASH_KEY)].sort());
  });
});
