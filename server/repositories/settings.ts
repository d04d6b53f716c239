import type { DatabaseHandle } from '../db/connection';
import { DEAL_NUMBER_PREFIX_SETTING } from '../db/migrations/004-idempotency-and-deal-prefix';
import type { SettingsRepository } from './types';

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
  };
}
