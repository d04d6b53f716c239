import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postImport, withoutPersonalData } from './client';
import { dealNumberFor, leadIdOfDealNumber, legacyDealNumberFor } from '../rules/deal-number';

describe('deal numbers', () => {
  it('are the installation prefix and the lead id, and map back; the numbers from before the prefix too', () => {
    expect(dealNumberFor(123456, 42)).toBe('123456000000042');
    expect(leadIdOfDealNumber('123456000000042')).toBe(42);
    expect(legacyDealNumberFor(42)).toBe('1000000042');
    expect(leadIdOfDealNumber('1000000042')).toBe(42);
    expect(leadIdOfDealNumber('17')).toBeNull();
    expect(Number(dealNumberFor(999999, 999_999_999))).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('of two installations never meet: same lead ids, other prefixes, other numbers; never a legacy number', () => {
    const older = new Set([1, 2, 3].map((id) => dealNumberFor(234567, id)));
    for (const id of [1, 2, 3]) {
      expect(older.has(dealNumberFor(765432, id))).toBe(false);
      expect(dealNumberFor(765432, id)).not.toBe(legacyDealNumberFor(id));
    }
    expect(() => dealNumberFor(12, 1)).toThrow(RangeError);
    expect(() => dealNumberFor(123456, 0)).toThrow(RangeError);
  });
});

describe('error texts from GetCourse', () => {
  it('lose the lead’s own values, e-mails and phone numbers', () => {
    expect(withoutPersonalData('Пользователь Анна (anna@x.ru, +7 916 123-45-67) не найден', ['Анна'])).toBe('Пользователь […] ([e-mail], [number]) не найден');
    expect(withoutPersonalData('x'.repeat(500), [])).toHaveLength(200);
  });
});

// Answers the real GetCourse has given besides the fake server's modes.
describe('import answers', () => {
  let answer = '';
  const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(answer));
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const call = () => postImport({ baseUrl, apiKey: 'k', timeoutMs: 2000 }, 'users', { user: { email: 'a@b.ru' } }, ['a@b.ru']);

  it('counts string "true" flags as success', async () => {
    answer = JSON.stringify({ success: 'true', result: { success: 'true' } });
    expect(await call()).toEqual({ ok: true });
  });

  it('fails on a missing result, an HTML page, or success only at the top level', async () => {
    answer = JSON.stringify({ success: true });
    expect(await call()).toEqual({ ok: false, error: 'GetCourse refused the import' });
    answer = '<html>Технические работы</html>';
    expect(await call()).toEqual({ ok: false, error: 'GetCourse answered something other than JSON' });
    answer = JSON.stringify({ success: false, error_message: 'Неверный ключ', result: { success: false, error_message: 'a@b.ru: нет доступа' } });
    expect(await call()).toEqual({ ok: false, error: 'GetCourse refused the import: […]: нет доступа' });
  });
});
