import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { originOf, ownOrigin, trackOwnOrigin, whenOwnOriginKnown } from './own-origin';

describe('the instance’s own origin', () => {
  const servers: http.Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('is the address of the first server connected to, once it is connected to (it already listens when the hook comes)', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    trackOwnOrigin();
    expect(ownOrigin).toThrow(/not known/);
    const known = whenOwnOriginKnown();
    const { port } = server.address() as AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
    expect(await known).toBe(`http://127.0.0.1:${port}`);
    expect(ownOrigin()).toBe(`http://127.0.0.1:${port}`);

    // A server connected to later is not the instance's.
    const other = http.createServer((_request, response) => response.end('other'));
    servers.push(other);
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    await (await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`)).text();
    expect(ownOrigin()).toBe(`http://127.0.0.1:${port}`);
    expect(await whenOwnOriginKnown()).toBe(`http://127.0.0.1:${port}`);
  });

  it('asks a server listening on every address at its loopback, and an IPv6 address in brackets', () => {
    expect(originOf({ address: '0.0.0.0', family: 'IPv4', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(originOf({ address: '::', family: 'IPv6', port: 3000 })).toBe('http://[::1]:3000');
    expect(originOf({ address: '::1', family: 'IPv6', port: 4600 })).toBe('http://[::1]:4600');
    expect(originOf({ address: '10.0.0.5', family: 'IPv4', port: 80 })).toBe('http://10.0.0.5:80');
  });
});
