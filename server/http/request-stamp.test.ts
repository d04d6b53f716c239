import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { stampRequest } from './request-stamp';

function incoming(headers: http.IncomingHttpHeaders, peer = '203.0.113.5'): http.IncomingMessage {
  return { headers: { ...headers }, socket: { remoteAddress: peer } } as unknown as http.IncomingMessage;
}

describe('the request stamp', () => {
  it('drops a client-sent X-Forwarded-Host, so Next.js and our origin check take the Host', () => {
    const request = incoming({ host: 'school.example', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' });
    stampRequest(request, 1);
    expect(request.headers['x-forwarded-host']).toBeUndefined();
    expect(request.headers.host).toBe('school.example');
  });

  it('stamps the address it can vouch for over whatever the client wrote under that name', () => {
    const direct = incoming({ 'x-forwarded-for': '198.51.100.1', [CLIENT_ADDRESS_HEADER]: '198.51.100.2' });
    stampRequest(direct, 0);
    expect(direct.headers[CLIENT_ADDRESS_HEADER]).toBe('203.0.113.5');
    const proxied = incoming({ 'x-forwarded-for': '198.51.100.1, 192.0.2.7' }, '127.0.0.1');
    stampRequest(proxied, 1);
    expect(proxied.headers[CLIENT_ADDRESS_HEADER]).toBe('192.0.2.7');
  });
});
