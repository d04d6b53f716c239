import type { PastSchema } from './past-schema';

/**
 * Lead alerts to the sales managers:
 * - `outbox.recipient`: an alert is one outbox row (kind `alert`) a lead and recipient (`telegram:<chat>`,
 *   `email:<address>`), written in the lead's transaction; null for every other kind.
 * - `outbox.alert_lead_id`: the alert's lead. Not `lead_id`: that column means "the lead's delivery to
 *   GetCourse" to everything that reads it (one row a lead: the deal), and an alert is not that.
 * - `alert_recipients`: one row a recipient with the earliest time the next message to it may start.
 *   Taking a recipient is a conditional update of its row, so across instances one message to a chat is
 *   under way at a time, at most one a second, and Telegram's `retry_after` holds them all.
 * The settings themselves are one JSON value in `settings` (`lead_alerts`).
 */
export const alertsMigration = {
  async up(db: PastSchema) {
    await db.schema.alterTable('outbox').addColumn('recipient', 'text').execute();
    await db.schema.alterTable('outbox').addColumn('alert_lead_id', 'integer').execute();
    await db.schema.createIndex('outbox_alert_due').on('outbox').columns(['kind', 'status', 'next_attempt_at']).execute();
    await db.schema
      .createTable('alert_recipients')
      .addColumn('recipient', 'text', (c) => c.primaryKey())
      .addColumn('next_send_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};

export const LEAD_ALERTS_SETTING = 'lead_alerts';
