/**
 * Every error answer of server/http carries a code: only responses.ts builds a body with a status other
 * than 200 (from a `Refusal`, whose code picks its sentence in messages.ts), and every endpoint's answers
 * to a wrong method and to a failure nobody answered are such bodies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { renderToken } from '../page-tests/live';
import { RENDER_TOKEN_HEADER } from '../page-tests/serving';
import type { Endpoint } from './endpoint';
import { refusalMessages, type RefusalCode } from './messages';
import { refuse, refusalResponse } from './responses';

const folder = 'server/http';
const sources = fs
  .readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => ({ file, text: fs.readFileSync(path.join(folder, file), 'utf8') }));

// Every module but the one whose import installs the request stamp on every HTTP server of the process
// (stamp-before-listen.ts, loaded before the site's server opens its port): it holds no endpoint, and the
// test files that share this worker would find their own servers' requests stamped.
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./stamp-before-listen.ts'], { eager: true });
const isEndpoint = (value: unknown): value is Endpoint<unknown> => typeof value === 'function' && typeof (value as { allow?: unknown }).allow === 'string';
const endpoints = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isEndpoint(value))
    .map(([name, value]) => ({ name: `${path.basename(file, '.ts')}.${name}`, serve: value as Endpoint<unknown> })),
);

async function expectCoded(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ code: expect.stringMatching(/^[a-z_]+$/), message: expect.stringMatching(/[а-яё]/i) });
  expect(body.message).toBe(refusalMessages[body.code as RefusalCode]);
  return body;
}

describe('error answers of server/http', () => {
  it('are built only by responses.ts: elsewhere a response is a 200 (JSON, CSV, metrics), a 204 or a HEAD copy', () => {
    for (const { file, text } of sources.filter(({ file }) => file !== 'responses.ts')) {
      expect({ file, builds: text.match(/Response\.json\(|jsonResponse\(/g) }).toEqual({ file, builds: null });
      for (const [construction] of text.matchAll(/new Response\([^;]*/g)) {
        expect({ file, construction }).toEqual({
          file,
          construction: expect.stringMatching(/^new Response\((null, response\)|body, \{ status: 200,|body, \{\n\s+headers:)/),
        });
      }
    }
  });

  it('carry a code and its Russian sentence, a field’s path and a body’s fields when given', async () => {
    for (const code of Object.keys(refusalMessages) as RefusalCode[]) {
      const response = refusalResponse(refuse(400, code));
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await expectCoded(response)).toEqual({ code, message: refusalMessages[code] });
    }
    const field = refusalResponse(refuse(400, 'bad_paid', { path: 'paid' }));
    expect(await field.json()).toEqual({ code: 'bad_paid', message: refusalMessages.bad_paid, path: 'paid' });
    const fields = refusalResponse(refuse(400, 'invalid_fields', { errors: [{ code: 'invalid_format', path: 'email', message: 'Некорректная почта' }] }));
    expect(await fields.json()).toEqual({
      code: 'invalid_fields',
      message: refusalMessages.invalid_fields,
      errors: [{ code: 'invalid_format', path: 'email', message: 'Некорректная почта' }],
    });
    // Beside its code, a refusal keeps the fields its reader depends on (health's `db` for monitoring).
    const health = refusalResponse(refuse(503, 'db_unavailable', { details: { db: 'moved' } }));
    expect(await health.json()).toEqual({ code: 'db_unavailable', message: refusalMessages.db_unavailable, db: 'moved' });
  });

  it('are what every endpoint answers to a wrong method and to a failure nobody answered (which is logged)', async () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(13);
    // The failure is logged through the console (the runtime that would name another logger is the failure).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const { name, serve } of endpoints) {
      // As the instance asks (its render token): the page tests' handler answers anyone else 404 (page-test-page.test.ts).
      const request = (method: string) =>
        new Request('http://school.test/api/x', {
          method,
          headers: { 'content-type': 'application/json', [RENDER_TOKEN_HEADER]: renderToken() },
          body: method === 'GET' ? undefined : '{}',
        });
      const wrongMethod = await serve(request('PUT'), () => Promise.reject(new Error('the runtime must not be opened')));
      expect({ name, status: wrongMethod.status }).toEqual({ name, status: 405 });
      expect(await expectCoded(wrongMethod)).toEqual({ code: 'method_not_allowed', message: refusalMessages.method_not_allowed });

      const served = serve.allow.split(', ')[0]!;
      const down = await serve(request(served), () => Promise.reject(new Error('connect ECONNREFUSED')));
      // A pop-up beacon is answered 204 whatever happens (its sender learns nothing); every other failure is a coded 503.
      if (name === 'popup-events.handlePopupEvents') expect(down.status).toBe(204);
      else {
        expect({ name, status: down.status }).toEqual({ name, status: 503 });
        await expectCoded(down);
      }
    }
    const events = logged.mock.calls.map(([line]) => JSON.parse(String(line)) as { event: string; error: string });
    expect(events).toHaveLength(endpoints.length);
    for (const event of events) expect(event).toMatchObject({ event: 'api.unavailable', error: 'Error' });
    logged.mockRestore();
  });
});
