import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_REQUEST_TIMEOUT_MS, readHttpRequestTimeoutMs } from '../config';
import { applyRequestTimeouts, HEADERS_TIMEOUT_MS, TIMEOUT_CHECK_INTERVAL_MS } from './request-timeouts';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that never answers before the request has arrived whole (as a route reading its body). */
async function listening(): Promise<http.Server> {
  server = http.createServer((request, response) => request.resume().on('end', () => response.end('ok')));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Sends `head` at once, then a byte every 100 ms; resolves with what came back once the server closes the connection. */
function dribble(port: number, head: string): Promise<{ elapsedMs: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    const timer = setInterval(() => socket.writable && socket.write(' '), 100);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ elapsedMs: Date.now() - started, answer });
    });
  });
}

describe('request timeouts', () => {
  it('by default cut a request still arriving after 20 s, checked every second: well within 30 s', () => {
    expect(readHttpRequestTimeoutMs({})).toBe(20_000);
    expect(DEFAULT_HTTP_REQUEST_TIMEOUT_MS + TIMEOUT_CHECK_INTERVAL_MS).toBeLessThanOrEqual(30_000);
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(DEFAULT_HTTP_REQUEST_TIMEOUT_MS);
    expect(readHttpRequestTimeoutMs({ HTTP_REQUEST_TIMEOUT_MS: '5000' })).toBe(5000);
    expect(readHttpRequestTimeoutMs({ HTTP_REQUEST_TIMEOUT_MS: 'soon' })).toBe(20_000);
  });

  it('answer 408 and close a connection whose body comes a byte at a time, once its timeout has passed', async () => {
    const target = await listening();
    applyRequestTimeouts(target, 500);
    expect(target.requestTimeout).toBe(500);
    expect(target.headersTimeout).toBe(500);
    const { port } = target.address() as AddressInfo;
    const { elapsedMs, answer } = await dribble(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsedMs).toBeGreaterThanOrEqual(400);
    // Node's own checker looks every 30 s: restarted, it looks every second.
    expect(elapsedMs).toBeLessThan(500 + TIMEOUT_CHECK_INTERVAL_MS + 1000);
  });

  it('also close a connection whose headers never end', async () => {
    const target = await listening();
    applyRequestTimeouts(target, 500);
    const { port } = target.address() as AddressInfo;
    const { elapsedMs } = await dribble(port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(elapsedMs).toBeLessThan(500 + TIMEOUT_CHECK_INTERVAL_MS + 1000);
  });
});
