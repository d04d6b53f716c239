import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { renderToken } from '../page-tests/live';
import { PAGE_PATH_HEADER, RENDER_TOKEN_HEADER, VISITOR_HEADER } from '../page-tests/serving';
import { answeredByPath, stampRequest } from './request-stamp';

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

  it("drops every x-page-test-* header a client sent, and keeps them on the instance's own request (its render token)", () => {
    const internal = { [PAGE_PATH_HEADER]: '/admin/leads', [VISITOR_HEADER]: 'forged', 'x-page-test-anything': '1' };
    for (const token of [undefined, 'guessed', `${renderToken()}x`]) {
      const request = incoming({ ...internal, ...(token === undefined ? {} : { [RENDER_TOKEN_HEADER]: token }), accept: 'text/html' });
      stampRequest(request, 0);
      expect(Object.keys(request.headers).filter((name) => name.startsWith('x-page-test-'))).toEqual([]);
      expect(request.headers.accept).toBe('text/html');
    }
    const own = incoming({ [RENDER_TOKEN_HEADER]: renderToken(), [PAGE_PATH_HEADER]: '/products/junior-js' }, '127.0.0.1');
    stampRequest(own, 0);
    expect(own.headers[RENDER_TOKEN_HEADER]).toBe(renderToken());
    expect(own.headers[PAGE_PATH_HEADER]).toBe('/products/junior-js');
  });
});

describe('a path Next.js would fail on, answered by the web process', () => {
  /** What `answeredByPath` wrote for a request of `url`, on a real server's response. */
  async function answerTo(url: string, method = 'GET'): Promise<{ answered: boolean; status: number; headers: http.IncomingHttpHeaders; body: string }> {
    let answered = false;
    const server = http.createServer((request, response) => {
      answered = answeredByPath(request, response);
      if (!answered) response.end('next.js');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      return await new Promise((resolve, reject) => {
        http
          .request({ host: '127.0.0.1', port, path: url, method }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ answered, status: response.statusCode ?? 0, headers: response.headers, body }));
          })
          .on('error', reject)
          .end();
      });
    } finally {
      server.close();
    }
  }

  it('sends an encoded letter to the canonical address (308, the method kept) and leaves a canonical path to Next.js', async () => {
    const redirected = await answerTo('/%61bout?utm_source=vk');
    expect(redirected).toMatchObject({ answered: true, status: 308, headers: { location: '/about?utm_source=vk', 'cache-control': 'no-store' } });
    expect((await answerTo('/abou%74', 'HEAD')).headers.location).toBe('/about');
    expect(await answerTo('/about')).toMatchObject({ answered: false, status: 200, body: 'next.js' });
  });

  it('refuses a path that does not decode: 400 with the API’s {code, message} in Russian', async () => {
    for (const url of ['/about%ZZ', '/api/le%ZZads', '/%61bout%FF']) {
      const answer = await answerTo(url);
      expect(answer).toMatchObject({ answered: true, status: 400 });
      expect(answer.headers['content-type']).toContain('application/json');
      expect(JSON.parse(answer.body)).toEqual({ code: 'bad_path', message: 'Адрес записан неверно' });
    }
  });
});
