import type { PastSchema } from './past-schema';

/**
 * The health check's heartbeat: each instance (host and process) upserts its row on every
 * `GET /api/health` and reads it back, so health says ok only while the database takes writes. Rows of
 * instances silent for a day are dropped by the next heartbeat.
 */
export const healthHeartbeatMigration = {
  async up(db: PastSchema) {
    await db.schema
      .createTable('health_heartbeats')
      .addColumn('instance', 'text', (c) => c.primaryKey())
      .addColumn('beat_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
