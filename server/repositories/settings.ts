/** `settings`: one value a key: this database's deal-number prefix (migration 004), the console's alert settings and the alert bot's getUpdates offset. */
import type { Database } from '../db/schema';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection';
import { DEAL_NUMBER_PREFIX_SETTING } from '../db/migrations/004-idempotency-and-deal-prefix';
import { LEAD_ALERTS_SETTING } from '../db/migrations/009-alerts';
import { deserializeAlertSettings, serializeAlertSettings, type AlertSettings } from '../rules/alert-settings';

export interface SettingsRepository {
  /** This database's deal-number prefix (migration 004), read once. */
  dealNumberPrefix(): Promise<number>;
  /** The console's alert settings, or the defaults (no recipients) until saved. In `trx` when given: read inside the caller's write. */
  alertSettings(trx?: Kysely<Database>): Promise<AlertSettings>;
  /** In `trx` when given: the caller's transaction (the console's save, with the queue following it and its audit row). */
  saveAlertSettings(settings: AlertSettings, trx?: Kysely<Database>): Promise<void>;
  /** Stores these settings unless some were saved before (the console's always win); true when stored. */
  seedAlertSettings(settings: AlertSettings): Promise<boolean>;
  /** The next Telegram update the bot has not read (getUpdates' `offset`); 0 before the first. */
  telegramUpdatesOffset(): Promise<number>;
  /** Moves the offset on to `offset`, never back (instances reading at once may finish in any order). */
  advanceTelegramUpdatesOffset(offset: number): Promise<void>;
}

/** The settings key of the bot's getUpdates offset (server/alerts/join-watcher.ts). */
const TELEGRAM_UPDATES_OFFSET = 'telegram_updates_offset';

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
    async alertSettings(trx = handle.db) {
      const row = await trx.selectFrom('settings').select('value').where('key', '=', LEAD_ALERTS_SETTING).executeTakeFirst();
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

    async telegramUpdatesOffset() {
      const row = await handle.db.selectFrom('settings').select('value').where('key', '=', TELEGRAM_UPDATES_OFFSET).executeTakeFirst();
      const offset = Number(row?.value ?? 0);
      return Number.isSafeInteger(offset) && offset > 0 ? offset : 0;
    },

    async advanceTelegramUpdatesOffset(offset) {
      const value = String(offset);
      // One statement, the larger of the two kept: instances that read at once never move it back.
      await handle.db
        .insertInto('settings')
        .values({ key: TELEGRAM_UPDATES_OFFSET, value })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            value: sql<string>`case when cast(settings.value as bigint) >= cast(excluded.value as bigint) then settings.value else excluded.value end`,
          }),
        )
        .execute();
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
