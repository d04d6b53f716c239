import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGetCourse, type FakeGetCourse } from './fake-getcourse';

function importCall(gc: FakeGetCourse, signal?: AbortSignal) {
  const params = Buffer.from(JSON.stringify({ user: { email: 'anna@example.com' } })).toString('base64');
  return fetch(`${gc.url}/pl/api/users`, {
    method: 'POST',
    body: new URLSearchParams({ action: 'add', key: 'k', params }),
    signal,
  });
}

describe('fake GetCourse', () => {
  let gc: FakeGetCourse;
  beforeAll(async () => {
    gc = await startFakeGetCourse();
  });
  afterAll(() => gc.close());

  it('answers success and records the decoded params', async () => {
    gc.reset();
    const body = await (await importCall(gc)).json();
    expect(body.success && body.result.success).toBe(true);
    expect(gc.received()[0]).toMatchObject({ path: '/pl/api/users', params: { user: { email: 'anna@example.com' } }, outcome: 'success' });
  });

  it('answers HTTP 200 with an error inside in error200 mode', async () => {
    gc.reset();
    gc.setMode('error200');
    const res = await importCall(gc);
    expect(res.status).toBe(200);
    expect((await res.json()).result.success).toBe(false);
  });

  it('fails every other call in flaky mode, and answers 5xx, drops and hangs on demand', async () => {
    gc.reset();
    gc.setMode('flaky');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await importCall(gc)).status);
    expect(statuses).toEqual([502, 200, 502, 200]);

    gc.setMode('drop');
    await expect(importCall(gc)).rejects.toThrow();

    gc.setMode('hang');
    await expect(importCall(gc, AbortSignal.timeout(300))).rejects.toThrow();
    expect(
      gc
        .received()
        .map((r) => r.outcome)
        .slice(-2),
    ).toEqual(['drop', 'hang']);
  });

  it('holds calls in hold mode until released, then imports and answers them as successes', async () => {
    gc.reset();
    gc.setMode('hold');
    const answered = importCall(gc).then((res) => res.json());
    await expect.poll(() => gc.received().length).toBe(1);
    expect(gc.received()[0]!.outcome).toBe('hold');
    expect(gc.users()).toEqual([]);
    expect(gc.release()).toBe(1);
    expect((await answered).result.success).toBe(true);
    expect(gc.received()[0]!.outcome).toBe('success');
    expect(gc.users()).toEqual([{ email: 'anna@example.com' }]);
    expect(await (await fetch(`${gc.url}/__fake/release`, { method: 'POST' })).json()).toEqual({ released: 0 });
  });

  it('answers a form post with JSON when asked for JSON, and with a page otherwise', async () => {
    gc.reset();
    const post = (accept: string) =>
      fetch(`${gc.url}/pl/lite/block-public/process-html?id=42`, {
        method: 'POST',
        headers: { accept },
        body: new URLSearchParams({ 'formParams[email]': 'anna@example.com' }),
      });
    expect(await (await post('application/json')).json()).toEqual({ success: true });
    expect((await post('text/html')).headers.get('content-type')).toMatch(/^text\/html/);
    gc.setMode('error200');
    expect(await (await post('application/json')).json()).toMatchObject({ success: false, error_message: 'Форма не принята' });
    expect(gc.received()[0]).toMatchObject({
      path: '/pl/lite/block-public/process-html',
      query: { id: '42' },
      form: { 'formParams[email]': 'anna@example.com' },
    });
  });

  it('is controlled over HTTP', async () => {
    await fetch(`${gc.url}/__fake/reset`, { method: 'POST' });
    const mode = await fetch(`${gc.url}/__fake/mode`, { method: 'POST', body: JSON.stringify({ mode: 'error500' }) });
    expect(await mode.json()).toEqual({ mode: 'error500' });
    expect((await importCall(gc)).status).toBe(502);
    const received = await (await fetch(`${gc.url}/__fake/received`)).json();
    expect(received).toHaveLength(1);
    expect((await fetch(`${gc.url}/__fake/mode`, { method: 'POST', body: '{"mode":"nope"}' })).status).toBe(400);
  });

  it("is down for one test's leads alone while their outage is on", async () => {
    gc.reset();
    const outage = (on: boolean) => fetch(`${gc.url}/__fake/outage`, { method: 'POST', body: JSON.stringify({ match: 'anna@example.com', on }) });
    expect((await outage(true)).status).toBe(200);
    expect((await importCall(gc)).status).toBe(502);
    const other = Buffer.from(JSON.stringify({ user: { email: 'boris@example.com' } })).toString('base64');
    expect((await fetch(`${gc.url}/pl/api/users`, { method: 'POST', body: new URLSearchParams({ action: 'add', key: 'k', params: other }) })).status).toBe(200);
    await outage(false);
    expect((await importCall(gc)).status).toBe(200);
    expect((await fetch(`${gc.url}/__fake/outage`, { method: 'POST', body: '{"match":"a","on":true}' })).status).toBe(400);
  });
});
