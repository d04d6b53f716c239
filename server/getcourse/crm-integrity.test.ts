import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { handleIds, handleLeads, type ApiRuntime } from '../http/handlers';
import { describeEachDatabase } from '../testing/databases';
import { testApiRuntime, testDeliveryWorker } from '../testing/runtime';

/**
 * What our imports can do to the school's GetCourse account, against the fake that models it (users by
 * e-mail, deals by number): a stranger who types a student's e-mail cannot change that student's
 * profile, and a delivery repeated after a lost answer leaves one deal.
 */
let gc: FakeGetCourse;
beforeAll(async () => {
  gc = await startFakeGetCourse();
});
afterAll(() => gc.close());

const site = 'http://school.test';
const student = { email: 'student@example.com', first_name: 'Ирина Соколова', phone: '+79031112233' };

function order(formId: string, contacts: { name: string; email: string; phone: string }, ids?: { googleClientId: string }) {
  return new Request(`${site}/api/leads`, {
    method: 'POST',
    headers: { host: 'school.test', origin: site, 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: '203.0.113.9' },
    body: JSON.stringify({ extra: { utm: { source: 'vk' }, page_path: '/products/junior-js', ...(ids ? { ids } : {}) }, form: { id: formId }, contacts }),
  });
}

describeEachDatabase('GetCourse account integrity', (database) => {
  let runtime: ApiRuntime;
  const source = () => Promise.resolve(runtime);

  beforeEach(async () => {
    await database().clear();
    gc.reset();
    runtime = testApiRuntime(database().repos);
  });

  // A deadline no busy machine reaches; the lost answer's worker alone waits a short one out.
  const worker = (timeoutMs = 10_000) => testDeliveryWorker(database().repos, { baseUrl: gc.url, timeoutMs });

  it('never changes the name, phone or fields of a user GetCourse already has, and still files the deal under that user', async () => {
    gc.seedUser({ ...student, addfields: { google_client_id: 'GA1.1.real' } });
    const stranger = { name: 'Чужой Человек', email: 'Student@Example.com', phone: '+79169998877' };
    expect((await handleLeads(order('contact', stranger, { googleClientId: 'GA1.1.forged' }), source)).status).toBe(200);
    const ids = await handleIds(
      new Request(`${site}/api/leads/ids`, {
        method: 'POST',
        headers: { host: 'school.test', 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: '203.0.113.9' },
        body: JSON.stringify({ email: student.email, ids: { googleClientId: 'GA1.1.forged', yandexClientId: '42' } }),
      }),
      source,
    );
    expect(ids.status).toBe(200);
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });

    expect(gc.users()).toEqual([{ ...student, addfields: { google_client_id: 'GA1.1.real' } }]);
    const [deal] = gc.deals();
    expect(deal).toMatchObject({ email: student.email, imports: 1 });
    // The visitor's analytics ids reach GetCourse on the deal, not on the profile.
    expect(deal!.fields).toMatchObject({ addfields: { google_client_id: 'GA1.1.forged' } });
    // Every import we sent asked GetCourse not to refresh an existing user.
    for (const request of gc.received()) expect(request.params).toMatchObject({ system: { refresh_if_exists: 0 } });
    expect(gc.received().map((request) => request.path)).toEqual(['/pl/api/deals']);
  });

  it('creates a new user with the name and phone the visitor gave', async () => {
    const visitor = { name: 'Пётр Новиков', email: 'new.visitor@example.com', phone: '+7 916 555-44-33' };
    expect((await handleLeads(order('contact', visitor), source)).status).toBe(200);
    await worker().runOnce();
    expect(gc.users()).toEqual([{ email: visitor.email, first_name: visitor.name, phone: '+79165554433' }]);
  });

  for (const [kind, formId] of [
    ['gift', 'gift-4'],
    ['pop-up', 'popup-junior-discount'],
  ] as const) {
    it(`leaves one deal when a ${kind} delivery is retried after GetCourse took it but the answer was lost`, async () => {
      const visitor = { name: 'Анна Петрова', email: `${kind}.retry@example.com`, phone: '+79161234567' };
      // A gift's lead is taken while its window runs.
      const now = Date.now();
      await database().repos.giftSchedule.add({ giftNumber: 4, startTimestamp: now - 60 * 60_000, endTimestamp: now + 60 * 60_000 }, now);
      expect((await handleLeads(order(formId, visitor), source)).status).toBe(200);

      gc.setMode('lose-answer');
      expect(await worker(300).runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
      gc.setMode('success');
      expect(await worker().runOnce()).toMatchObject({ claimed: 1, sent: 1 });

      const imports = gc.received().filter((request) => request.path === '/pl/api/deals');
      expect(imports.map((request) => request.outcome)).toEqual(['lose-answer', 'success']);
      const deals = gc.deals();
      expect(deals).toHaveLength(1);
      expect(deals[0]).toMatchObject({ email: visitor.email, imports: 2 });
    });
  }
});
