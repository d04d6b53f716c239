import type { DatabaseHandle } from '../db/connection';
import { createAlertQueueRepository } from './alert-queue';
import { createAlertRecipientsRepository } from './alert-recipients';
import { createAuditRepository } from './audit';
import { createDealsRepository } from './deals';
import { createDeliveryQueueRepository } from './delivery-queue';
import { createGiftScheduleRepository } from './gift-schedule';
import { createHeartbeatsRepository } from './heartbeats';
import { createLeadsRepository } from './leads';
import { createOperatorsRepository } from './operators';
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
  const deliveryQueue = createDeliveryQueueRepository(handle);
  const alertQueue = createAlertQueueRepository(handle);
  return {
    leads: createLeadsRepository(handle, { settings, deliveryQueue, alertQueue }),
    deliveryQueue,
    alertQueue,
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
