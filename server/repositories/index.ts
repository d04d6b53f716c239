import type { DatabaseHandle } from '../db/connection';
import { createAlertRecipientsRepository } from './alert-recipients';
import { createAuditRepository } from './audit';
import { createDealsRepository } from './deals';
import { createGiftScheduleRepository } from './gift-schedule';
import { createHeartbeatsRepository } from './heartbeats';
import { createLeadsRepository } from './leads';
import { createOperatorsRepository } from './operators';
import { createOutboxRepository } from './outbox';
import { createPersonalDataRepository } from './personal-data';
import { createPopupStatsRepository } from './popup-stats';
import { createPopupsRepository } from './popups';
import { createRateLimitRepository } from './rate-limit';
import { createSettingsRepository } from './settings';
import { createSplitTestsRepository } from './split-tests';
import { createTrafficRepository } from './traffic';
import type { Repositories } from './types';
import { createVitalsRepository } from './vitals';

export type * from './types';

/** Every table's one home: the rest of the code calls `repos.<aggregate>.<verb>()` and never writes SQL. */
export function createRepositories(handle: DatabaseHandle): Repositories {
  const settings = createSettingsRepository(handle);
  return {
    leads: createLeadsRepository(handle, settings),
    outbox: createOutboxRepository(handle),
    giftSchedule: createGiftScheduleRepository(handle),
    rateLimit: createRateLimitRepository(handle),
    settings,
    audit: createAuditRepository(handle),
    operators: createOperatorsRepository(handle),
    popupStats: createPopupStatsRepository(handle),
    personalData: createPersonalDataRepository(handle),
    popups: createPopupsRepository(handle),
    deals: createDealsRepository(handle),
    alertRecipients: createAlertRecipientsRepository(handle),
    vitals: createVitalsRepository(handle),
    splitTests: createSplitTestsRepository(handle),
    heartbeats: createHeartbeatsRepository(handle),
    traffic: createTrafficRepository(handle),
  };
}
