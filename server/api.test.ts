/**
 * Every route file of app/api/ is the endpoint helper's output: the same two exports, bound in
 * server/api.ts to the endpoint of its path, and every method it does not serve is a JSON 405 with
 * `Allow`. The route files are read from the folder, so a new one is held to this without touching here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HTTP_METHODS } from './http/endpoint';
import { renderToken } from './page-tests/live';
import { RENDER_TOKEN_HEADER } from './page-tests/serving';
import { apiRoutes } from './api';

/** `app/api/leads/route.ts` → `/api/leads`. */
const routeFiles = fs
  .readdirSync('app/api', { recursive: true, encoding: 'utf8' })
  .filter((file) => path.basename(file) === 'route.ts')
  .map((file) => ({ file: path.join('app/api', file), path: `/api/${path.dirname(file).split(path.sep).join('/')}` }))
  .sort((a, b) => a.path.localeCompare(b.path));

/** What the helper makes of a route: this, and nothing else, is a route file. */
const routeFileText = (route: string) =>
  `import { apiRoutes } from '@/server/api';

export const dynamic = 'force-dynamic';
export const { ${HTTP_METHODS.join(', ')} } = apiRoutes['${route}'];
`;

/**
 * The endpoints only the instance itself may reach, with what its own requests carry: to anyone else every
 * method is 404, as if they did not exist. A new internal endpoint fails here until it is listed.
 */
const internalEndpoints: Record<string, () => Record<string, string>> = {
  '/api/page-tests/page': () => ({ [RENDER_TOKEN_HEADER]: renderToken() }),
  '/api/live-pages/page': () => ({ [RENDER_TOKEN_HEADER]: renderToken() }),
  '/api/live-pages/check': () => ({ [RENDER_TOKEN_HEADER]: renderToken() }),
};

describe('app/api route files', () => {
  it('are one for each endpoint of server/api.ts, and each is the endpoint helper’s two exports', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(13);
    expect(routeFiles.map((route) => route.path)).toEqual(Object.keys(apiRoutes).sort((a, b) => a.localeCompare(b)));
    for (const { file, path: route } of routeFiles) expect(fs.readFileSync(file, 'utf8'), file).toBe(routeFileText(route));
  });

  it.each(routeFiles)('$path exports every method as its endpoint, and answers the others 405 with Allow', async ({ file, path: route }) => {
    const exported = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, unknown>;
    const bound = apiRoutes[route as keyof typeof apiRoutes];
    expect(Object.keys(exported).sort()).toEqual([...HTTP_METHODS, 'dynamic'].sort());
    for (const method of HTTP_METHODS) expect(exported[method], method).toBe(bound[method]);

    const internal = internalEndpoints[route];
    if (internal) {
      for (const method of HTTP_METHODS) {
        const guessed = Object.fromEntries(Object.keys(internal()).map((name) => [name, 'guessed']));
        const outsider = await bound[method](new Request(`http://school.test${route}`, { method, headers: guessed }));
        expect({ method, status: outsider.status }).toEqual({ method, status: 404 });
      }
    }
    const headers = internal?.() ?? {};
    // No endpoint serves OPTIONS: its 405 says which methods are served (and the runtime is never opened for it).
    const options = await bound.OPTIONS(new Request(`http://school.test${route}`, { method: 'OPTIONS', headers }));
    expect(options.status).toBe(405);
    const allow = options.headers.get('allow')?.split(', ') ?? [];
    expect(allow.length).toBeGreaterThan(0);
    expect(allow.includes('HEAD')).toBe(allow.includes('GET'));
    for (const method of HTTP_METHODS.filter((method) => !allow.includes(method))) {
      const response = await bound[method](
        new Request(`http://school.test${route}`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : '{}' }),
      );
      expect({ method, status: response.status, allow: response.headers.get('allow') }).toEqual({ method, status: 405, allow: allow.join(', ') });
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ code: 'method_not_allowed', message: 'Метод не поддерживается' });
    }
  });
});
