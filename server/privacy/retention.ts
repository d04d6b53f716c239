import type { RetentionConfig } from '../config';
import type { DatabaseHandle } from '../db/connection';

export interface RetentionCounts {
  /** Leads whose personal fields were removed just now. */
  anonymized: number;
  spamDeleted: number;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Keeps personal data no longer than its purpose, reaching the school, needs it (152-FZ). A lead older
 * than `leadDays` whose delivery is finished (every outbox row of it is `sent`; browser-posted leads and
 * spam have none) loses its name, e-mail, phone, analytics ids and address hash; the rest of the row
 * stays, so leads per form, UTM source and day still add up. Leads still pending, sending or dead keep
 * their data until they are delivered: without it the school could never be reached. Spam older than
 * `spamDays` is deleted. The idempotency key and the hash of the request (taken over the personal fields
 * too) go with the personal fields: a retry half a year later is no retry. Safe to run from several
 * workers at once.
 */
export async function applyRetention(handle: DatabaseHandle, policy: RetentionConfig, now: number): Promise<RetentionCounts> {
  const { db } = handle;
  const anonymized = await db
    .updateTable('leads')
    .set({
      name: '',
      email: '',
      phone: '',
      google_client_id: null,
      yandex_client_id: null,
      client_address_hash: null,
      idempotency_key: null,
      request_hash: null,
      anonymized_at: now,
    })
    .where('anonymized_at', 'is', null)
    .where('created_at', '<', now - policy.leadDays * DAY_MS)
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom('outbox').select('outbox.id').whereRef('outbox.lead_id', '=', 'leads.id').where('outbox.status', '<>', 'sent'))),
    )
    .executeTakeFirst();
  const spam = await db
    .deleteFrom('leads')
    .where('is_spam', '=', 1)
    .where('created_at', '<', now - policy.spamDays * DAY_MS)
    .executeTakeFirst();
  return { anonymized: Number(anonymized.numUpdatedRows), spamDeleted: Number(spam.numDeletedRows) };
}
