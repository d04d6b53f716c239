import { sql, type RawBuilder } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { DEFAULT_RETENTION } from '../config';
import { ANONYMIZED_LEAD_FIELDS, type Idempotency, type NewLead } from './leads';
import { describeEachDatabase } from '../testing/databases';
import { sampleLead } from '../testing/fixtures';
import { deliveryFailed, deliverySent } from '../testing/seed';

const DAY_MS = 24 * 60 * 60_000;
const now = Date.UTC(2026, 10, 23, 12);
const daysAgo = (days: number) => now - days * DAY_MS;

describeEachDatabase('personal-data retention', (database) => {
  beforeEach(() => database().clear());

  /** A lead created `days` ago; its deal delivery ends `sent`, `dead` or stays `pending`. */
  async function lead(days: number, overrides: Partial<NewLead>, delivery?: 'sent' | 'pending' | 'dead', idempotency?: Idempotency) {
    const { repos } = database();
    const values = sampleLead({ createdAt: daysAgo(days), ...overrides });
    const { leadId, outboxId } = await repos.leads.accept(values, delivery ? { kind: 'deal', payload: {} } : null, idempotency);
    if (delivery === 'sent') await deliverySent(database(), outboxId!, daysAgo(days));
    if (delivery === 'dead') await deliveryFailed(database(), outboxId!, { at: daysAgo(days), retryAt: null });
    return leadId;
  }

  const row = (id: number) => database().handle.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();

  /** What marketing asks of the leads: how many per form, UTM source and day over the period (spam aside). */
  async function statistics() {
    const countBy = async (key: RawBuilder<unknown>) => {
      const rows = await database()
        .handle.db.selectFrom('leads')
        .select([key.as('key'), (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('is_spam', '=', 0)
        .where('created_at', '>=', daysAgo(400))
        .groupBy(key)
        .orderBy(key)
        .execute();
      return rows.map((r) => [r.key, Number(r.count)]);
    };
    return {
      forms: await countBy(sql`form_id`),
      sources: await countBy(sql`utm_source`),
      days: await countBy(sql`created_at / ${sql.lit(DAY_MS)}`),
    };
  }

  it('blanks old delivered leads, keeps undelivered and young ones whole, deletes old spam, and the statistics stay', async () => {
    const identifiers = { googleClientId: 'GA1.1.123', yandexClientId: '456', clientAddressHash: 'abc123' };
    const oldDeal = await lead(200, { formId: 'contact', utm: { source: 'yandex' }, ...identifiers }, 'sent', {
      key: '3f0c2b1a-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
      requestHash: 'a'.repeat(64),
    });
    const oldBrowser = await lead(181, { formId: 'popup-junior', utm: { source: 'vk' }, deliveryMode: 'browser' });
    const oldPending = await lead(300, { formId: 'contact', utm: { source: 'vk' } }, 'pending');
    const oldDead = await lead(250, { formId: 'contact', utm: {} }, 'dead');
    const young = await lead(179, { formId: 'popup-junior', utm: { source: 'yandex' } }, 'sent');
    const oldSpam = await lead(8, { isSpam: true, deliveryMode: 'none' });
    const youngSpam = await lead(6, { isSpam: true, deliveryMode: 'none' });
    const before = { stats: await statistics(), oldDeal: await row(oldDeal), kept: await Promise.all([oldPending, oldDead, young, youngSpam].map(row)) };

    expect(await database().repos.personalData.applyRetention(DEFAULT_RETENTION, now)).toEqual({ anonymized: 2, spamDeleted: 1 });

    // Blank: the three columns that take no null (name, e-mail, phone) empty, every other one null.
    expect(Object.values(ANONYMIZED_LEAD_FIELDS).filter((value) => value !== null)).toEqual(['', '', '']);
    for (const id of [oldDeal, oldBrowser]) expect(await row(id)).toMatchObject({ ...ANONYMIZED_LEAD_FIELDS, anonymized_at: now });
    // Everything but the personal fields (and the key and hash taken over them) is as it was.
    const { name, email, phone, google_client_id, yandex_client_id, client_address_hash, anonymized_at, idempotency_key, request_hash, ...rest } =
      before.oldDeal!;
    expect([idempotency_key, request_hash]).toEqual(['3f0c2b1a-9d8e-4f7a-8b6c-5d4e3f2a1b0c', 'a'.repeat(64)]);
    expect([name, email, phone, google_client_id, yandex_client_id, client_address_hash, anonymized_at]).toEqual([
      'Анна Петрова',
      expect.stringContaining('@'),
      '+79161234567',
      'GA1.1.123',
      '456',
      'abc123',
      null,
    ]);
    // The whole row: the blanked fields are exactly the personal ones.
    expect(await row(oldDeal)).toEqual({ ...rest, ...ANONYMIZED_LEAD_FIELDS, anonymized_at: now });
    expect(await Promise.all([oldPending, oldDead, young, youngSpam].map(row))).toEqual(before.kept);
    expect(await row(oldSpam)).toBeUndefined();
    expect(await statistics()).toEqual(before.stats);

    // Done once: a second run finds nothing and leaves the first one's time.
    expect(await database().repos.personalData.applyRetention(DEFAULT_RETENTION, now + DAY_MS)).toEqual({ anonymized: 0, spamDeleted: 0 });
    expect((await row(oldDeal))!.anonymized_at).toBe(now);
  });

  it('anonymises a lead kept for its delivery once the delivery is done, and follows LEAD_RETENTION_DAYS', async () => {
    const { repos } = database();
    const waiting = await lead(200, {}, 'pending');
    expect(await repos.personalData.applyRetention(DEFAULT_RETENTION, now)).toMatchObject({ anonymized: 0 });
    const [delivery] = await repos.deliveryQueue.forLead(waiting);
    await deliverySent(database(), delivery!.id, now);
    const monthOld = await lead(31, { deliveryMode: 'browser' });
    expect(await repos.personalData.applyRetention({ ...DEFAULT_RETENTION, leadDays: 30 }, now)).toMatchObject({ anonymized: 2 });
    expect(await row(monthOld)).toMatchObject({ email: '', anonymized_at: now });
    expect(await row(waiting)).toMatchObject({ email: '', anonymized_at: now });
  });
});
