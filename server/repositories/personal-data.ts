import { sql } from 'kysely';
import { inCallersTransaction, type DatabaseHandle } from '../db/connection';
import type { PersonalDataRepository } from './types';

const DAY_MS = 24 * 60 * 60_000;

/**
 * What an anonymised lead keeps of its personal fields: nothing. The idempotency key and the request's hash go
 * with them, since they were taken over those fields.
 */
export const ANONYMIZED_LEAD_FIELDS = {
  name: '',
  email: '',
  phone: '',
  google_client_id: null,
  yandex_client_id: null,
  client_address_hash: null,
  idempotency_key: null,
  request_hash: null,
} as const;

/** Where the site keeps a visitor's personal data, and the two ways it leaves (152-FZ). */
export function createPersonalDataRepository(handle: DatabaseHandle): PersonalDataRepository {
  return {
    /**
     * Every trace of a visitor in one transaction: their leads, the deliveries of those leads and the
     * rate-limit counters of their e-mail; all or nothing. Whole rows go, so any column a lead gains later
     * goes with it. The e-mail is compared through lower() on both sides, which the lower(email) index
     * serves (SQLite's lower() folds ASCII letters only: there a Cyrillic address must be typed in the case
     * it was stored in).
     */
    erase: (email, emailBucket, outer) =>
      inCallersTransaction(handle, outer, async (trx) => {
        const leadIds = trx.selectFrom('leads').select('id').where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`);
        // Deliveries first (they reference the leads); the statuses they had when deleted are counted.
        const deliveries = await trx.deleteFrom('outbox').where('lead_id', 'in', leadIds).returning('status').execute();
        // The managers' alerts of those leads (issue 26; no personal data in them, but nothing of the visitor stays).
        await trx.deleteFrom('outbox').where('kind', '=', 'alert').where('alert_lead_id', 'in', leadIds).execute();
        const leads = await trx.deleteFrom('leads').where('id', 'in', leadIds).executeTakeFirst();
        const counters = await trx.deleteFrom('rate_limit_counters').where('bucket', '=', emailBucket).executeTakeFirst();
        return {
          leads: Number(leads.numDeletedRows),
          deliveries: deliveries.length,
          deliveriesSent: deliveries.filter((row) => row.status === 'sent').length,
          counterRows: Number(counters.numDeletedRows),
        };
      }),

    /**
     * A lead older than `leadDays` whose delivery is finished (every outbox row of it is `sent`, alerts aside:
     * a manager's notice that never went out keeps nobody's data;
     * browser-posted leads and spam have none) loses its name, e-mail, phone, analytics ids and address
     * hash; the rest of the row stays, so leads per form, UTM source and day still add up. Leads still
     * pending, sending or dead keep their data until delivered: without it the school could never reach
     * them. Spam older than `spamDays` is deleted. The idempotency key and the request's hash (taken over
     * the personal fields too) go with the personal fields: a retry half a year later is no retry. Safe to
     * run from several workers at once.
     */
    async applyRetention(policy, now) {
      const anonymized = await handle.db
        .updateTable('leads')
        .set({ ...ANONYMIZED_LEAD_FIELDS, anonymized_at: now })
        .where('anonymized_at', 'is', null)
        .where('created_at', '<', now - policy.leadDays * DAY_MS)
        .where(({ exists, not, selectFrom }) =>
          not(exists(selectFrom('outbox').select('outbox.id').whereRef('outbox.lead_id', '=', 'leads.id').where('outbox.kind', '<>', 'alert').where('outbox.status', '<>', 'sent'))),
        )
        .executeTakeFirst();
      const spam = await handle.db
        .deleteFrom('leads')
        .where('is_spam', '=', 1)
        .where('created_at', '<', now - policy.spamDays * DAY_MS)
        .executeTakeFirst();
      return { anonymized: Number(anonymized.numUpdatedRows), spamDeleted: Number(spam.numDeletedRows) };
    },
  };
}
