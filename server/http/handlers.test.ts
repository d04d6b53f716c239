import { beforeEach, describe, expect, it } from 'vitest';
import { limitsNoTestReaches, silentLogger } from '../testing/runtime';
import { courses } from '@/content/courses';
import { giftOffer } from '@/content/gift-offer-prices';
import { giftOfferInputs } from '@/content/gift-offers';
import { discountPercent } from '@/lib/money';
import { describeEachDatabase } from '../testing/databases';
import { sampleLeadBody } from '../testing/fixtures';
import { handleGiftSchedule, handleIds, handleLeads, type ApiRuntime } from './handlers';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { MAX_BODY_BYTES, readJsonBody } from './read-json';
import { refuse } from './responses';

const site = 'http://school.test';

/** The 400 of a body with invalid fields: one code for the request, and each field with its own. */
const invalidFields = (...errors: { code: unknown; path: string; message: string }[]) => ({
  code: 'invalid_fields',
  message: 'Поля заявки заполнены неверно',
  errors,
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${site}${path}`, {
    method: 'POST',
    // The address the web process stamped (server/http/request-stamp.ts): what a handler trusts.
    headers: { host: 'school.test', origin: site, 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: '203.0.113.7', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describeEachDatabase('lead API', (database) => {
  let queued: number;
  let runtime: ApiRuntime;
  const source = () => Promise.resolve(runtime);

  beforeEach(async () => {
    await database().clear();
    queued = 0;
    runtime = {
      config: { limits: limitsNoTestReaches, siteOrigin: null },
      hashKey: 'test-key-'.repeat(4),
      repos: database().repos,
      onQueued: () => void (queued += 1),
      log: silentLogger,
      // Mid-minute: the limits count per clock minute, so no test may straddle a window's edge.
      now: () => Date.UTC(2026, 10, 23, 12, 0, 5),
    };
  });

  const leads = () => database().handle.db.selectFrom('leads').selectAll().execute();
  const outbox = () => database().handle.db.selectFrom('outbox').selectAll().execute();

  it('stores a valid lead with its deal delivery and answers { message }', async () => {
    const body = sampleLeadBody({
      extra: { utm: { source: 'vk', id: '77' }, page_path: '/products/git', variant_id: 'b1', block_id: 'hero', ids: { googleClientId: '1.2' } },
    });
    const response = await handleLeads(post('/api/leads', body), source);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'Заявка принята' });

    const [lead] = await leads();
    expect(lead).toMatchObject({
      form_id: 'contact',
      product_name: 'contact',
      event: 'lead',
      name: 'Иван Смирнов',
      email: body.contacts.email,
      phone: '+79167654321',
      utm_source: 'vk',
      utm_id: '77',
      utm_medium: null,
      page_path: '/products/git',
      variant_id: 'b1',
      block_id: 'hero',
      google_client_id: '1.2',
      consent_text_version: '2026-01',
      is_spam: 0,
      delivery_mode: 'deal',
    });
    expect(lead!.client_address_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(lead!.client_address_hash).not.toContain('203.0.113.7');
    expect(await outbox()).toMatchObject([{ kind: 'deal', lead_id: lead!.id, status: 'pending' }]);
    expect(queued).toBe(1);
  });

  it('answers 400 with the field errors in Russian and stores nothing', async () => {
    const body = sampleLeadBody({ contacts: { name: 'R2-D2', email: 'not-an-email', phone: '+7 123 456-78-90' } });
    const response = await handleLeads(post('/api/leads', body), source);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      invalidFields(
        { code: 'invalid_format', path: 'contacts.name', message: 'Некорректное имя' },
        { code: 'invalid_format', path: 'contacts.email', message: 'Некорректная почта' },
        { code: 'custom', path: 'contacts.phone', message: 'Некорректный номер' },
      ),
    );
    expect(await leads()).toEqual([]);
  });

  it('refuses NUL, control characters, bidi overrides and lone surrogates in every stored field with 400 and the field message, on either database', async () => {
    const base = sampleLeadBody();
    type Json = { [key: string]: Json | string };
    const withText = (path: string, text: string): Json => {
      const body = structuredClone(base) as unknown as Json;
      const keys = path.split('.');
      let target = body;
      for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Json;
      target[keys.at(-1)!] = text;
      return body;
    };
    const fields: [path: string, value: (character: string) => string, message: string][] = [
      ['contacts.name', (c) => `Иван${c}`, 'Некорректное имя'],
      ['contacts.email', (c) => `ivan${c}@example.com`, 'Некорректная почта'],
      ['contacts.phone', (c) => `+7 916 765${c}43-21`, 'Некорректный номер'],
      ...['source', 'medium', 'campaign', 'content', 'term', 'id'].map(
        (key) => [`extra.utm.${key}`, (c: string) => `vk${c}`, 'Некорректная UTM-метка'] as [string, (c: string) => string, string],
      ),
      ['extra.page_path', (c) => `/products/git${c}`, 'Некорректный адрес страницы'],
      ['extra.variant_id', (c) => `b1${c}`, 'Некорректный идентификатор'],
      ['extra.block_id', (c) => `hero${c}`, 'Некорректный идентификатор'],
      ['extra.ids.googleClientId', (c) => `1.2${c}`, 'Некорректный идентификатор'],
      ['extra.ids.yandexClientId', (c) => `17${c}`, 'Некорректный идентификатор'],
      ['form.id', (c) => `con${c}tact`, 'Неизвестная форма'],
    ];
    for (const character of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u202e', '\u2066', '\ud800', '\udfff']) {
      for (const [path, value, message] of fields) {
        const response = await handleLeads(post('/api/leads', withText(path, value(character))), source);
        expect({ path, character, status: response.status }).toEqual({ path, character, status: 400 });
        expect(await response.json()).toEqual(invalidFields({ code: expect.any(String), path, message }));
      }
      const ids = await handleIds(post('/api/leads/ids', { email: base.contacts.email, ids: { googleClientId: `1.2${character}` } }), source);
      expect(ids.status).toBe(400);
      expect(await ids.json()).toEqual(invalidFields({ code: 'custom', path: 'ids.googleClientId', message: 'Некорректный идентификатор' }));
    }
    // A filled honeypot with such text is answered like any spam and stores nothing that could fail.
    const spam = await handleLeads(post('/api/leads', { ...withText('extra.utm.source', 'vk\u0000'), website: 'x' }), source);
    expect(spam.status).toBe(200);
    expect(await leads()).toEqual([]);
    // The same values without those characters are stored as sent, on SQLite and PostgreSQL alike.
    const clean = withText('extra.utm.term', 'js курс 🎄');
    expect((await handleLeads(post('/api/leads', clean), source)).status).toBe(200);
    expect(await leads()).toMatchObject([{ utm_term: 'js курс 🎄', utm_source: 'vk' }]);
  });

  describe('gift offers: taken only while their window runs, by the server clock with a minute of grace', () => {
    const hour = 60 * 60 * 1000;
    const start = Date.UTC(2026, 11, 20, 7);
    const end = start + 2 * hour;
    const at = async (now: number, form: string) => {
      runtime.now = () => now;
      return handleLeads(post('/api/leads', sampleLeadBody({ form: { id: form } })), source);
    };

    beforeEach(async () => {
      await database().repos.giftSchedule.add({ giftNumber: 4, startTimestamp: start, endTimestamp: end }, 0);
      await database().repos.giftSchedule.add({ giftNumber: 5, startTimestamp: end, endTimestamp: end + hour }, 0);
    });

    it('accepts a gift lead inside its window and within a minute of either end', async () => {
      for (const now of [start + hour, start, end, start - 59_000, end + 59_000]) expect((await at(now, 'gift-4')).status).toBe(200);
      expect(await leads()).toHaveLength(5);
      expect(await outbox()).toHaveLength(5);
    });

    it('refuses a gift lead before or after its window, or while another gift runs, with the gift message; nothing stored or queued', async () => {
      const refusals: [number, string][] = [
        [start - 61_000, 'gift-4'],
        [end + 61_000, 'gift-4'],
        [end + 30 * 24 * hour, 'gift-4'],
        [start + hour, 'gift-5'],
        // A gift that has no window at all.
        [start + hour, 'gift-12'],
      ];
      for (const [now, form] of refusals) {
        const response = await at(now, form);
        expect({ now, form, status: response.status }).toEqual({ now, form, status: 400 });
        expect(await response.json()).toEqual(invalidFields({ code: 'gift_unavailable', path: 'form.id', message: 'Этот подарок сейчас недоступен' }));
      }
      expect(await leads()).toEqual([]);
      expect(await outbox()).toEqual([]);
      expect(queued).toBe(0);
    });

    it('also refuses an ajax offer that claims its browser posted it, but keeps the record of a native offer whatever the time', async () => {
      runtime.now = () => end + hour;
      const claimed = await handleLeads(post('/api/leads', sampleLeadBody({ form: { id: 'gift-4' }, browser_delivered: true })), source);
      expect(claimed.status).toBe(400);
      // Gift 1 is paid on GetCourse's page, which the visitor's browser has already posted to: our copy stays.
      expect((await at(end + hour, 'gift-1')).status).toBe(200);
      expect(await leads()).toMatchObject([{ form_id: 'gift-1', delivery_mode: 'browser' }]);
      expect(await outbox()).toEqual([]);
    });

    it('leaves forms that are not gifts alone whatever the schedule', async () => {
      expect((await at(end + 30 * 24 * hour, 'contact')).status).toBe(200);
    });
  });

  it('answers 400 on an unknown form id, a wrong shape and broken JSON', async () => {
    const unknownForm = await handleLeads(post('/api/leads', sampleLeadBody({ form: { id: 'nope' } })), source);
    expect(unknownForm.status).toBe(400);
    expect(await unknownForm.json()).toEqual(invalidFields({ code: 'unknown_form', path: 'form.id', message: 'Неизвестная форма' }));

    for (const body of ['null', '[]', '"text"', '{"contacts": 5}']) {
      const response = await handleLeads(post('/api/leads', body), source);
      expect(response.status).toBe(400);
      const { code, errors } = await response.json();
      expect(code).toBe('invalid_fields');
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) expect(error).toEqual({ code: expect.any(String), path: expect.any(String), message: expect.stringMatching(/[а-яА-Я]/) });
    }

    const broken = await handleLeads(post('/api/leads', '{"form": '), source);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ code: 'bad_json', message: 'Некорректный JSON' });
    expect(await leads()).toEqual([]);
  });

  it('answers 415 to a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await handleLeads(post('/api/leads', 'a=1', { 'content-type': type }), source);
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ code: 'not_json', message: expect.stringContaining('JSON') });
    }
    const withCharset = await handleLeads(post('/api/leads', sampleLeadBody(), { 'content-type': 'application/json; charset=utf-8' }), source);
    expect(withCharset.status).toBe(200);
  });

  it('answers 413 over 16 kB, declared or streamed', async () => {
    const big = JSON.stringify(sampleLeadBody({ website: 'x'.repeat(MAX_BODY_BYTES) }));
    const declared = await handleLeads(post('/api/leads', big), source);
    expect(declared.status).toBe(413);

    // A chunked body declares no length: it is counted as it arrives.
    const chunks = [big.slice(0, 10_000), big.slice(10_000)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const streamed = await handleLeads(
      new Request(`${site}/api/leads`, {
        method: 'POST',
        headers: { host: 'school.test', 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
      source,
    );
    expect(streamed.status).toBe(413);
    expect(await leads()).toEqual([]);
  });

  it('answers 403 to a foreign Origin and accepts our own host, SITE_URL and no Origin', async () => {
    const foreign = await handleLeads(post('/api/leads', sampleLeadBody(), { origin: 'https://evil.example' }), source);
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ code: 'foreign_origin', message: 'Запрос с другого сайта отклонён' });
    expect((await handleLeads(post('/api/leads', sampleLeadBody(), { origin: 'null' }), source)).status).toBe(403);
    // A client's X-Forwarded-Host (nginx passes it on as sent) makes no page ours.
    const forged = await handleLeads(post('/api/leads', sampleLeadBody(), { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }), source);
    expect(forged.status).toBe(403);

    runtime.config = { ...runtime.config, siteOrigin: 'https://www.school.example' };
    const noOrigin = post('/api/leads', sampleLeadBody());
    noOrigin.headers.delete('origin');
    for (const request of [post('/api/leads', sampleLeadBody()), post('/api/leads', sampleLeadBody(), { origin: 'https://www.school.example' }), noOrigin]) {
      expect((await handleLeads(request, source)).status).toBe(200);
    }
  });

  it('answers 429 past the per-address limit, counted in the database for every instance', async () => {
    runtime.config = { ...runtime.config, limits: { ...runtime.config.limits, perAddressPerMinute: 3 } };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await handleLeads(post('/api/leads', sampleLeadBody()), source)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await handleIds(post('/api/leads/ids', { email: 'a@example.com', ids: {} }), source);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client address has its own count.
    const other = await handleLeads(post('/api/leads', sampleLeadBody(), { [CLIENT_ADDRESS_HEADER]: '198.51.100.1' }), source);
    expect(other.status).toBe(200);
    // A forged X-Forwarded-For changes nothing: handlers never read it.
    const forged = await handleLeads(post('/api/leads', sampleLeadBody(), { 'x-forwarded-for': '192.0.2.99' }), source);
    expect(forged.status).toBe(429);
    expect(await leads()).toHaveLength(4);
  });

  it('counts requests without a stamped address in one shared bucket, not one each', async () => {
    runtime.config = { ...runtime.config, limits: { ...runtime.config.limits, perAddressPerMinute: 2 } };
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const request = post('/api/leads', sampleLeadBody(), { 'x-forwarded-for': `192.0.2.${i}` });
      request.headers.delete(CLIENT_ADDRESS_HEADER);
      statuses.push((await handleLeads(request, source)).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('counts an IPv6 client by its /64: another address of the same network shares the limit', async () => {
    runtime.config = { ...runtime.config, limits: { ...runtime.config.limits, perAddressPerMinute: 2 } };
    const statuses = [];
    for (const address of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::3', '2001:db8:5:7::1']) {
      statuses.push((await handleLeads(post('/api/leads', sampleLeadBody(), { [CLIENT_ADDRESS_HEADER]: address }), source)).status);
    }
    expect(statuses).toEqual([200, 200, 429, 200]);
  });

  it('answers 429 past the per-e-mail limit, counting valid leads of that e-mail in any spelling', async () => {
    runtime.config = { ...runtime.config, limits: { ...runtime.config.limits, perEmailPerHour: 2 } };
    const contacts = sampleLeadBody().contacts;
    const statuses = [];
    for (const email of [contacts.email, contacts.email.toUpperCase(), ` ${contacts.email}`]) {
      const response = await handleLeads(post('/api/leads', sampleLeadBody({ contacts: { ...contacts, email } })), source);
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.json()).toEqual({ code: 'email_rate_limited', message: 'С этой почты уже отправлено много заявок. Попробуйте позже' });
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(60);
      }
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await handleLeads(post('/api/leads', sampleLeadBody()), source)).status).toBe(200);
    // The counters hold a keyed hash, never the e-mail.
    const buckets = await database().handle.db.selectFrom('rate_limit_counters').select('bucket').execute();
    expect(buckets.map((row) => row.bucket).join(' ')).not.toContain('@');
    expect(await leads()).toHaveLength(3);
  });

  it('under pressure refuses the heaviest senders first: eight busy addresses cannot close the door to ten visitors', async () => {
    runtime.config = { ...runtime.config, limits: { ...limitsNoTestReaches, pressurePerMinute: 20 } };
    const send = (address: string) => handleLeads(post('/api/leads', sampleLeadBody(), { [CLIENT_ADDRESS_HEADER]: address }), source);
    // Eight addresses in two networks send ten leads each, in turn; then ten visitors one or two each.
    const flood: Response[] = [];
    for (let round = 0; round < 10; round++) for (let i = 0; i < 8; i++) flood.push(await send(`198.51.${100 + (i % 2)}.${i + 1}`));
    const visitors: Response[] = [];
    for (let visitor = 0; visitor < 10; visitor++) {
      visitors.push(await send(`203.0.${visitor}.9`));
      if (visitor % 2 === 0) visitors.push(await send(`203.0.${visitor}.9`));
    }
    expect(visitors.map((response) => response.status)).toEqual(visitors.map(() => 200));
    const shed = flood.filter((response) => response.status === 429);
    const admitted = flood.filter((response) => response.status === 200);
    // Up to the pressure level everything passed; past it, every address was over its share.
    expect(admitted).toHaveLength(20);
    expect(shed).toHaveLength(60);
    expect(Number(shed[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await shed[0]!.json()).toEqual({ code: 'shed', message: 'С вашего адреса сейчас слишком много заявок. Попробуйте через минуту' });
    // Every lead answered 200 is stored with its delivery.
    expect(await leads()).toHaveLength(20 + 15);
    expect(await outbox()).toHaveLength(20 + 15);
  });

  it('stores a flood’s leads but holds them back: their deliveries `withheld`, no wake-up of the worker, the visitor’s lead delivered as ever', async () => {
    runtime.config = { ...runtime.config, limits: { ...limitsNoTestReaches, hold: { perAddress: 4, perNetwork: 10 } } };
    const flood = (i: number, address: string) =>
      handleLeads(
        post('/api/leads', sampleLeadBody({ contacts: { name: 'Бот Ботов', email: `junk-${i}@flood.example`, phone: '+7 916 765-43-21' } }), {
          [CLIENT_ADDRESS_HEADER]: address,
        }),
        source,
      );
    // One address: its fourth lead on is held (and the e-mails' template shows from the fourth too).
    for (let i = 0; i < 6; i++) expect((await flood(i, '198.51.100.1')).status).toBe(200);
    // A visitor from elsewhere at the same moment, into the same form and campaign.
    expect((await handleLeads(post('/api/leads', sampleLeadBody(), { [CLIENT_ADDRESS_HEADER]: '203.0.113.50' }), source)).status).toBe(200);
    // The same template from other addresses of other networks: held by the e-mails alone.
    expect((await flood(6, '192.0.2.1')).status).toBe(200);

    const stored = await leads();
    expect(stored.map((lead) => lead.withheld_signs)).toEqual([
      null,
      null,
      null,
      'address,email_pattern',
      'address,email_pattern',
      'address,email_pattern',
      null,
      'email_pattern',
    ]);
    const statusOf = new Map((await outbox()).map((row) => [row.lead_id, row.status]));
    expect(stored.map((lead) => statusOf.get(lead.id))).toEqual(['pending', 'pending', 'pending', 'withheld', 'withheld', 'withheld', 'pending', 'withheld']);
    // The worker is woken for the leads it may send only.
    expect(queued).toBe(4);
    const claimed = await database().repos.deliveryQueue.claimDue({ now: Date.now() + 60_000, limit: 100, leaseMs: 60_000 });
    expect(claimed.map((claim) => claim.leadId)).toEqual(stored.filter((lead) => lead.withheld_signs === null).map((lead) => lead.id));
  });

  it('stores the phone in E.164 and refuses text around a number or an over-long phone', async () => {
    const body = sampleLeadBody();
    expect((await handleLeads(post('/api/leads', body), source)).status).toBe(200);
    expect(await leads()).toMatchObject([{ phone: '+79167654321' }]);
    for (const phone of ['позвоните +7 916 765-43-21 вечером', '+7 916 765-43-21 доб. 5', `+7 916 765-43-21${' '.repeat(40)}1`]) {
      const response = await handleLeads(post('/api/leads', sampleLeadBody({ contacts: { ...body.contacts, phone } })), source);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(invalidFields({ code: 'custom', path: 'contacts.phone', message: 'Некорректный номер' }));
    }
    expect(await leads()).toHaveLength(1);
  });

  it('answers a filled honeypot like a success and keeps the lead as spam, undelivered', async () => {
    const response = await handleLeads(post('/api/leads', sampleLeadBody({ website: 'https://spam.example' })), source);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Заявка принята' });
    expect(await leads()).toMatchObject([{ is_spam: 1, delivery_mode: 'none' }]);
    expect(await outbox()).toEqual([]);
    // A bot's invalid body gets the same friendly answer (and nothing is stored).
    const invalid = await handleLeads(post('/api/leads', { website: 'x', contacts: {} }), source);
    expect(invalid.status).toBe(200);
    expect(await leads()).toHaveLength(1);
    expect(queued).toBe(0);
  });

  it('stores a browser-delivered native-form lead without queueing a deal', async () => {
    const response = await handleLeads(post('/api/leads', sampleLeadBody({ browser_delivered: true })), source);
    expect(response.status).toBe(200);
    expect(await leads()).toMatchObject([{ delivery_mode: 'browser', is_spam: 0 }]);
    expect(await outbox()).toEqual([]);
  });

  it('answers the ids call with { msg } and stores nothing: the ids travel with the deal', async () => {
    const response = await handleIds(
      post('/api/leads/ids', { email: 'olga@example.com', ids: { googleClientId: '111.222', yandexClientId: null }, website: '' }),
      source,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ msg: 'Идентификаторы приняты' });
    expect(await outbox()).toEqual([]);
    expect(queued).toBe(0);
    const bad = await handleIds(post('/api/leads/ids', { email: 'olga', ids: {} }), source);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(invalidFields({ code: 'invalid_format', path: 'email', message: 'Некорректная почта' }));
  });

  it('answers 408 to a body that stops arriving before its deadline, and stores nothing', async () => {
    const started = new TextEncoder().encode('{"form": {"id": "contact"}, ');
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(started); // then nothing more: a slow client holding the request
      },
    });
    const request = new Request(`${site}/api/leads`, {
      method: 'POST',
      headers: { host: 'school.test', 'content-type': 'application/json' },
      body: stalled,
      duplex: 'half',
    } as RequestInit);
    expect(await readJsonBody(request, MAX_BODY_BYTES, 50)).toEqual(refuse(408, 'body_timeout'));
    expect(await leads()).toEqual([]);
  });

  describe('idempotency keys', () => {
    const key = '0d6f5c1e-8b7a-4c3d-9e2f-1a2b3c4d5e6f';
    const keyed = (body: unknown, k = key, headers: Record<string, string> = {}) => post('/api/leads', body, { 'idempotency-key': k, ...headers });

    it('two concurrent requests with one key make one lead and one outbox row; the repeat answers the same message', async () => {
      const body = sampleLeadBody();
      const responses = await Promise.all([handleLeads(keyed(body), source), handleLeads(keyed(body), source)]);
      expect(responses.map((r) => r.status)).toEqual([200, 200]);
      const answers = await Promise.all(responses.map((r) => r.json()));
      expect(answers).toEqual([{ message: 'Заявка принята' }, { message: 'Заявка принята' }]);
      expect(await leads()).toHaveLength(1);
      expect(await outbox()).toHaveLength(1);
      expect(queued).toBe(1);

      // Later (a retry after a lost answer, a second tab): the same answer, marked as a replay, nothing new.
      const replay = await handleLeads(keyed({ ...body, extra: { ...body.extra } }), source);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(await replay.json()).toEqual({ message: 'Заявка принята' });
      expect(await leads()).toHaveLength(1);
      expect(await outbox()).toHaveLength(1);
      expect(queued).toBe(1);
    });

    it('the same key with other contents gets 422 with a JSON reason and stores nothing', async () => {
      const body = sampleLeadBody();
      expect((await handleLeads(keyed(body), source)).status).toBe(200);
      const other = await handleLeads(keyed({ ...body, contacts: { ...body.contacts, name: 'Пётр Иванов' } }), source);
      expect(other.status).toBe(422);
      expect(await other.json()).toEqual({
        code: 'idempotency_key_reused',
        message: 'Этот ключ Idempotency-Key уже использован для запроса с другими данными',
      });
      expect(await leads()).toHaveLength(1);
    });

    it('a repeated key costs nothing against any limit, sequential or concurrent', async () => {
      runtime.config = { ...runtime.config, limits: { ...limitsNoTestReaches, perAddressPerMinute: 2, perEmailPerHour: 2, pressurePerMinute: 2 } };
      const body = sampleLeadBody();
      await Promise.all([handleLeads(keyed(body), source), handleLeads(keyed(body), source)]);
      for (let i = 0; i < 3; i++) expect((await handleLeads(keyed(body), source)).status).toBe(200);
      // One count in each bucket (the client's, the e-mail's, the shedding's and the flood signs'): the first request's.
      const counters = await database().handle.db.selectFrom('rate_limit_counters').select(['bucket', 'hits']).execute();
      expect(counters.length).toBeGreaterThan(3);
      expect(counters.filter((c) => Number(c.hits) !== 1)).toEqual([]);
      // The limit still holds for new submissions.
      expect((await handleLeads(post('/api/leads', sampleLeadBody()), source)).status).toBe(200);
      expect((await handleLeads(post('/api/leads', sampleLeadBody()), source)).status).toBe(429);
    });

    it('takes the key from ?idempotency_key= (sendBeacon) and refuses a malformed key with 400', async () => {
      const body = sampleLeadBody({ browser_delivered: true });
      const beacon = () =>
        new Request(`${site}/api/leads?idempotency_key=${key}`, {
          method: 'POST',
          headers: { host: 'school.test', origin: site, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await handleLeads(beacon(), source)).status).toBe(200);
      expect((await handleLeads(beacon(), source)).headers.get('idempotent-replayed')).toBe('true');
      expect(await leads()).toHaveLength(1);

      const bad = await handleLeads(keyed(sampleLeadBody(), 'no spaces allowed'), source);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ code: 'bad_idempotency_key', message: expect.stringContaining('Idempotency-Key') });
      expect(await leads()).toHaveLength(1);
    });

    it('accepts a key on the ids call, which stores and queues nothing either way', async () => {
      const ids = { email: 'olga@example.com', ids: { googleClientId: '111.222' }, website: '' };
      const send = () => handleIds(post('/api/leads/ids', ids, { 'idempotency-key': key }), source);
      const [first, second] = await Promise.all([send(), send()]);
      expect(await first.json()).toEqual({ msg: 'Идентификаторы приняты' });
      expect(await second.json()).toEqual({ msg: 'Идентификаторы приняты' });
      expect(await outbox()).toEqual([]);
      // The ids call made nothing the key could point at: on the leads route it makes the lead.
      expect((await handleLeads(keyed(sampleLeadBody()), source)).status).toBe(200);
      expect(await leads()).toHaveLength(1);
    });
  });

  it('answers 503 as JSON when the database is unreachable, and never acknowledges the lead', async () => {
    const response = await handleLeads(post('/api/leads', sampleLeadBody()), () => Promise.reject(new Error('ECONNREFUSED')));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'unavailable', message: 'Сервис временно недоступен. Попробуйте позже' });
  });

  it("serves the gift schedule sorted by start with a short cache time, each window with its gift's struck-out price and discount", async () => {
    const { repos } = database();
    await repos.giftSchedule.add({ giftNumber: 7, startTimestamp: 3000, endTimestamp: 4000 }, 0);
    await repos.giftSchedule.add({ giftNumber: 1, startTimestamp: 1000, endTimestamp: 2000 }, 0);
    const response = await handleGiftSchedule(new Request(`${site}/api/gift-schedule`), source);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    // The server's own clock (the runtime's), for the countdowns of browsers whose clock is wrong.
    expect(Number(response.headers.get('x-server-time'))).toBe(runtime.now!());
    // The struck-out prices are the course tariffs the offers refer to, looked up here: the modal never loads the courses.
    const tariff = (slug: string, number: number) => courses().find((course) => course.slug === slug)!.tariffs[number - 1]!.price;
    expect(giftOfferInputs[6]!.oldPrice).toBe('{цена middle-js 2}');
    expect(await response.json()).toEqual([
      { giftNumber: 1, startTimestamp: 1000, endTimestamp: 2000, oldPrice: tariff('base-programming', 1), discount: giftOffer(1)!.discount },
      {
        giftNumber: 7,
        startTimestamp: 3000,
        endTimestamp: 4000,
        oldPrice: tariff('middle-js', 2),
        discount: discountPercent(tariff('middle-js', 2), giftOffer(7)!.price),
      },
    ]);
  });
});
