/**
 * The spec's interface, walked against a production build: every call of the spec's table that the site
 * serves (docs/spec-interface.md, read by tests/support/spec-interface.ts), on SQLite and on PostgreSQL.
 * For each: its method is served and the others answer 405 with `Allow`; a request made of exactly the
 * fields the table names is taken, and each field reaches where it is meant to (a lead's into its
 * GetCourse deal); the answer carries what the table says the browser reads. A rename of a path, a field
 * or an answer fails here, whatever else still passes.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { readSpecCalls, type SpecCall } from '@/tests/support/spec-interface';
import { freePort, serverEnv, startNextServer, waitFor, type NextServer } from '@/tests/support/next-server';
import { systemSuite } from './support/suite';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';

const calls = readSpecCalls();
const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();
if (!testDatabaseUrl) console.warn('\n[system tests] TEST_DATABASE_URL is not set: the spec contract on PostgreSQL is SKIPPED.\n');

/** A valid value for every field the table names; a field the table gains and this lacks fails the test. */
function sampleValues(tag: string): Record<string, string> {
  const email = `spec-${tag}-${randomBytes(4).toString('hex')}@example.com`;
  return {
    'extra.utm.source': 'spec-source',
    'extra.utm.medium': 'spec-medium',
    'extra.utm.campaign': 'spec-campaign',
    'extra.utm.content': 'spec-content',
    'extra.utm.term': 'spec-term',
    'extra.page_path': '/products/junior-js',
    'form.id': 'contact',
    'contacts.name': 'Мария Иванова',
    'contacts.email': email,
    'contacts.phone': '+7 916 123-45-67',
    email,
    'ids.googleClientId': '1234567890.1700000000',
    'ids.yandexClientId': '1700000000123456789',
  };
}

/** Where each field of a lead must arrive: its GetCourse deal's import parameters. */
type DealParams = { user: Record<string, string>; session: Record<string, string>; deal: Record<string, string> };
const inTheDeal: Record<string, (deal: DealParams, sent: string) => void> = {
  'contacts.name': (deal, sent) => expect(deal.user.first_name).toBe(sent),
  'contacts.email': (deal, sent) => expect(deal.user.email).toBe(sent),
  // Stored and sent in E.164, whatever the spacing typed.
  'contacts.phone': (deal, sent) => expect(deal.user.phone).toBe(`+${sent.replace(/\D/g, '')}`),
  'extra.utm.source': (deal, sent) => expect(deal.session.utm_source).toBe(sent),
  'extra.utm.medium': (deal, sent) => expect(deal.session.utm_medium).toBe(sent),
  'extra.utm.campaign': (deal, sent) => expect(deal.session.utm_campaign).toBe(sent),
  'extra.utm.content': (deal, sent) => expect(deal.session.utm_content).toBe(sent),
  'extra.utm.term': (deal, sent) => expect(deal.session.utm_term).toBe(sent),
  'extra.page_path': (deal, sent) => expect(deal.deal.deal_comment).toContain(`страница ${sent}`),
  'form.id': (deal, sent) => expect(deal.deal.deal_comment).toContain(`форма «${sent}»`),
};

/** The body of exactly the fields `fields` names, each at its dotted path. */
function bodyOf(fields: string[], values: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field];
    if (value === undefined) throw new Error(`the spec's table names ${field}, which this test has no sample value for`);
    const keys = field.split('.');
    let node = body;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
  return body;
}

function without(body: Record<string, unknown>, field: string): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = field.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  delete node[keys.at(-1)!];
  return copy;
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function post(server: NextServer, route: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...headers },
    body: JSON.stringify(body),
  });
}

const backends = [
  { name: 'SQLite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
];

describe.each(backends)('the spec’s calls on a production build, $name', ({ name, postgres }) => {
  const skip = postgres && !testDatabaseUrl;
  const suite = systemSuite(`spec-contract-${postgres ? 'pg' : 'sqlite'}`);
  let server: NextServer | undefined;
  let scratch: ScratchDatabase | undefined;
  // `drop` ends the database's connections itself (WITH (FORCE)), whether or not the server is killed yet.
  afterAll(async () => scratch?.drop());

  /** The suite's one server, started by the first test that needs it (none when the back end is skipped). */
  const started = async (): Promise<NextServer> => {
    if (server) return server;
    scratch = postgres ? await createScratchDatabase(testDatabaseUrl!) : undefined;
    const database: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : { SQLITE_PATH: path.join(suite.dir, 'site.db') };
    server = await startNextServer(
      await freePort(),
      serverEnv({ ...database, GETCOURSE_ACCOUNT: 'spec', GETCOURSE_API_KEY: 'spec-key', GETCOURSE_BASE_URL: suite.gc.url }),
    );
    suite.servers.push(server);
    return server;
  };

  it.skipIf(skip).each(calls.filter((call) => call.path.startsWith('/api/')))(
    `$method $path is served, and any other method answers 405 with Allow (${name})`,
    async (call: SpecCall) => {
      const site = await started();
      for (const method of OTHER_METHODS.filter((other) => other !== call.method)) {
        const response = await fetch(`${site.url}${call.path}`, { method, headers: { origin: site.url } });
        expect({ method, status: response.status }).toEqual({ method, status: 405 });
        expect(response.headers.get('allow')?.split(', ')).toContain(call.method);
      }
    },
  );

  it.skipIf(skip).each(calls)(`$method $path takes the fields the spec names and answers as the spec says (${name})`, async (call: SpecCall) => {
    const site = await started();
    if (call.payload.kind === 'json') {
      expect(call.method).toBe('POST');
      const values = sampleValues(name);
      const body = bodyOf(call.payload.fields, values);
      const key = `spec-${randomBytes(8).toString('hex')}`;
      const response = await post(site, call.path, body, { 'idempotency-key': key });
      const answer = (await response.json()) as Record<string, unknown>;
      expect({ status: response.status, answer }).toEqual({ status: 200, answer: expect.anything() });
      if (call.answer.kind !== 'field') throw new Error(`${call.row}: a JSON call's answer must name the field the browser reads`);
      expect(typeof answer[call.answer.field], `${call.row} answers data.${call.answer.field}`).toBe('string');
      expect(answer[call.answer.field]).not.toBe('');

      // The later name of the same endpoint is the same handler: the same key is a replay, not a second lead.
      const alias = call.path === '/api/getcourse/orders' ? '/api/leads' : '/api/leads/ids';
      const replay = await post(site, alias, body, { 'idempotency-key': key });
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual(answer);
      if (call.path === '/api/getcourse/orders') expect(replay.headers.get('idempotent-replayed')).toBe('true');

      // Each contact the spec names is required (spec §5): a body without it is refused, naming it.
      const required = call.payload.fields.filter((field) => field.startsWith('contacts.') || field === 'email');
      expect(required.length).toBeGreaterThan(0);
      for (const field of required) {
        const refused = await post(site, call.path, without(body, field));
        const refusal = (await refused.json()) as { code: string; errors?: { path: string }[] };
        expect({ field, status: refused.status, code: refusal.code }).toEqual({ field, status: 400, code: 'invalid_fields' });
        expect(refusal.errors?.map((error) => error.path)).toContain(field);
      }

      if (call.path === '/api/getcourse/orders') {
        const email = values['contacts.email']!;
        const dealOf = () =>
          suite.gc.received().find((request) => request.path === '/pl/api/deals' && (request.params as DealParams | undefined)?.user?.email === email)
            ?.params as DealParams | undefined;
        await waitFor('the lead’s GetCourse deal', async () => dealOf() !== undefined, 30_000);
        for (const field of call.payload.fields) {
          const check = inTheDeal[field];
          if (!check) throw new Error(`the spec's table names ${field}, and this test does not know where it must arrive`);
          check(dealOf()!, values[field]!);
        }
        // One lead, though two paths were asked with the same key.
        expect(suite.gc.received().filter((request) => (request.params as DealParams | undefined)?.user?.email === email)).toHaveLength(1);
      }
    } else if (call.answer.kind === 'list') {
      const response = await fetch(`${site.url}${call.path}`);
      expect(response.status).toBe(200);
      const items = (await response.json()) as Record<string, unknown>[];
      expect(Array.isArray(items)).toBe(true);
      // A new database holds the release's gift windows.
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) for (const field of call.answer.itemFields) expect(typeof item[field], `${field} of ${JSON.stringify(item)}`).toBe('number');
    } else if (call.payload.kind === 'query' && call.answer.kind === 'image') {
      const image = '/images/og/default.png';
      const query = (parameters: Record<string, string>) => new URLSearchParams({ url: image, ...parameters }).toString();
      const asked: Record<string, string>[] = [{ w: '640', q: call.payload.defaults.q! }, { w: '640' }, { w: '16' }];
      for (const parameters of asked) {
        const response = await fetch(`${site.url}${call.path}?${query(parameters)}`);
        expect({ parameters, status: response.status }).toEqual({ parameters, status: 200 });
        expect(response.headers.get('content-type')).toMatch(/^image\//);
      }
      // The spec's widths only: another is refused, not resized.
      expect((await fetch(`${site.url}${call.path}?${query({ w: '641' })}`)).status).toBe(400);
    } else {
      throw new Error(`${call.row}: no check for this kind of call`);
    }
  });
});
