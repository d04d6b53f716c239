/** `settings`: one value a key: this database's deal-number prefix (migration 004) and the console's alert settings. */
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import { DEAL_NUMBER_PREFIX_SETTING } from '../db/migrations/004-idempotency-and-deal-prefix';
import { LEAD_ALERTS_SETTING } from '../db/migrations/009-alerts';
import { deserializeAlertSettings, serializeAlertSettings, type AlertSettings } from '../alerts/settings';

export interface SettingsRepository {
  /** This database's deal-number prefix (migration 004), read once. */
  dealNumberPrefix(): Promise<number>;
  /** The console's alert settings, or the defaults (no recipients) until saved. */
  alertSettings(): Promise<AlertSettings>;
  /** In `trx` when given: the caller's transaction (the console's save, with the queue following it and its audit row). */
  saveAlertSettings(settings: AlertSettings, trx?: Kysely<Database>): Promise<void>;
  /** Stores these settings unless some were saved before (the console's always win); true when stored. */
  seedAlertSettings(settings: AlertSettings): Promise<boolean>;
}

export function createSettingsRepository(handle: DatabaseHandle): SettingsRepository {
  let dealPrefix: Promise<number> | null = null;
  return {
    dealNumberPrefix() {
      dealPrefix ??= handle.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', DEAL_NUMBER_PREFIX_SETTING)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.value))
        .catch((error) => {
          dealPrefix = null;
          throw error;
        });
      return dealPrefix;
    },

    // Read at each lead and each alert: a change in the console holds from the next lead on, on every instance.
    async alertSettings() {
      const row = await handle.db.selectFrom('settings').select('value').where('key', '=', LEAD_ALERTS_SETTING).executeTakeFirst();
      return deserializeAlertSettings(row?.value);
    },

    async seedAlertSettings(settings) {
      const result = await handle.db
        .insertInto('settings')
        .values({ key: LEAD_ALERTS_SETTING, value: serializeAlertSettings(settings) })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async saveAlertSettings(settings, trx = handle.db) {
      const value = serializeAlertSettings(settings);
      await trx
        .insertInto('settings')
        .values({ key: LEAD_ALERTS_SETTING, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}
