import { beforeEach, expect, it } from 'vitest';
import { limitsNoTestReaches, silentLogger } from '../testing/runtime';
import { handleLeads, type ApiRuntime } from '../http/handlers';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { describeEachDatabase } from '../testing/databases';
import { sampleLeadBody } from '../testing/fixtures';
import { DEFAULT_ALERT_SETTINGS } from '../rules/alert-settings';

const site = 'http://school.test';
// Monday 23 November 2026, 15:00 in Moscow (working hours) and 23:00 (outside them).
const MONDAY_AFTERNOON = Date.UTC(2026, 10, 23, 12, 0, 5);
const MONDAY_NIGHT = Date.UTC(2026, 10, 23, 20, 0, 5);

function post(body: unknown) {
  return new Request(`${site}/api/leads`, {
    method: 'POST',
    headers: { host: 'school.test', origin: site, 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: '203.0.113.7' },
    body: JSON.stringify(body),
  });
}

describeEachDatabase('a lead queues its alerts in its own transaction', (database) => {
  let runtime: ApiRuntime;
  let now: number;
  const source = () => Promise.resolve(runtime);
  const alertRows = () => database().handle.db.selectFrom('outbox').selectAll().where('kind', '=', 'alert').orderBy('id').execute();

  beforeEach(async () => {
    await database().clear();
    now = MONDAY_AFTERNOON;
    await database().repos.settings.saveAlertSettings({ ...DEFAULT_ALERT_SETTINGS, telegramChats: ['111'], emails: ['sales@school.example'] });
    runtime = {
      config: {
        limits: limitsNoTestReaches,
        siteOrigin: null,
        alerts: {
          telegram: { apiUrl: 'http://127.0.0.1:9', token: 't', timeoutMs: 100 },
          email: { smtpUrl: 'smtp://127.0.0.1:9', from: 'a@b.example', timeoutMs: 100 },
          siteUrl: null,
        },
      },
      hashKey: 'test-key-'.repeat(4),
      repos: database().repos,
      onQueued: () => undefined,
      log: silentLogger,
      now: () => now,
    };
  });

  it('one alert a recipient beside the deal, due now in working hours', async () => {
    expect((await handleLeads(post(sampleLeadBody()), source)).status).toBe(200);
    const [lead] = await database().handle.db.selectFrom('leads').select('id').execute();
    expect(
      (await alertRows()).map((row) => ({
        lead: row.alert_lead_id,
        GetCourseLead: row.lead_id,
        recipient: row.recipient,
        due: Number(row.next_attempt_at),
        payload: row.payload,
        deal: row.deal_number,
      })),
    ).toEqual([
      { lead: lead!.id, GetCourseLead: null, recipient: 'telegram:111', due: now, payload: '{"held":false}', deal: null },
      { lead: lead!.id, GetCourseLead: null, recipient: 'email:sales@school.example', due: now, payload: '{"held":false}', deal: null },
    ]);
    // The deal is the lead's delivery: counted, listed and filtered as before.
    expect(await database().repos.deliveryQueue.countByStatus()).toEqual({ pending: 1, sending: 0, sent: 0, dead: 0, withheld: 0 });
    expect((await database().repos.leadQueries.list({})).rows[0]!.dealNumber).not.toBeNull();
    expect(await database().repos.deliveryQueue.forLead(lead!.id)).toHaveLength(1);
  });

  it('goes with the lead when the visitor is erased', async () => {
    const body = sampleLeadBody();
    await handleLeads(post(body), source);
    expect(await alertRows()).toHaveLength(2);
    expect(await database().repos.personalData.erase(body.contacts.email, ['bucket'])).toMatchObject({ leads: 1, deliveries: 1 });
    expect(await alertRows()).toEqual([]);
  });

  it('held for the next opening at night', async () => {
    now = MONDAY_NIGHT;
    await handleLeads(post(sampleLeadBody()), source);
    expect((await alertRows()).map((row) => [Number(row.next_attempt_at), row.payload])).toEqual([
      [Date.UTC(2026, 10, 24, 7, 0), '{"held":true}'],
      [Date.UTC(2026, 10, 24, 7, 0), '{"held":true}'],
    ]);
  });

  it('none for spam, none without a configured channel', async () => {
    await handleLeads(post(sampleLeadBody({ website: 'http://spam.example' })), source);
    expect(await alertRows()).toEqual([]);
    runtime = { ...runtime, config: { ...runtime.config, alerts: { telegram: null, email: null, siteUrl: null } } };
    await handleLeads(post(sampleLeadBody()), source);
    expect(await alertRows()).toEqual([]);
    expect(await database().repos.deliveryQueue.countByStatus()).toMatchObject({ pending: 1 });
  });
});
