import type { PastSchema } from './past-schema';

/**
 * The console's lead page lists the alerts of its lead (outbox rows of kind `alert` by `alert_lead_id`,
 * 009): an index, so the page reads those few rows instead of the whole outbox. Erasing a visitor finds
 * the alerts of their leads by it too.
 */
export const alertLeadIndexMigration = {
  async up(db: PastSchema) {
    await db.schema.createIndex('outbox_alert_lead').on('outbox').column('alert_lead_id').execute();
  },
};
