import type { DatabaseHandle } from '../db/connection';
import { createAlertJoinsRepository, type AlertJoinsRepository } from './alert-joins';
import { createAlertQueueRepository, type AlertQueueRepository } from './alert-queue';
import { createAlertRecipientsRepository, type AlertRecipientsRepository } from './alert-recipients';
import { createAutopilotRepository, type AutopilotRepository } from './autopilot';
import { createAuditRepository, type AuditRepository } from './audit';
import { createExperimentsRepository, type ExperimentsRepository } from './experiments';
import { createContentEntriesRepository, type ContentEntriesRepository } from './content-entries';
import { createContentImagesRepository, type ContentImagesRepository } from './content-images';
import { createContentVersionsRepository, type ContentVersionsRepository } from './content-versions';
import { createDealReconciliationRepository, type DealReconciliationRepository } from './deal-reconciliation';
import { createDealRefusedPaymentsRepository, type DealRefusedPaymentsRepository } from './deal-refused-payments';
import { createDealStatusChangesRepository, type DealStatusChangesRepository } from './deal-status-changes';
import { createDealUnmatchedCallbacksRepository, type DealUnmatchedCallbacksRepository } from './deal-unmatched-callbacks';
import { createDealsRepository, type DealsRepository } from './deals';
import { createDeliveryQueueRepository, type DeliveryQueueRepository } from './delivery-queue';
import { createGiftScheduleRepository, type GiftScheduleRepository } from './gift-schedule';
import { createHeartbeatsRepository, type HeartbeatsRepository } from './heartbeats';
import { createLeadQueriesRepository, type LeadQueriesRepository } from './lead-queries';
import { createLeadsRepository, type LeadsRepository } from './leads';
import { createOperatorInvitationsRepository, type OperatorInvitationsRepository } from './operator-invitations';
import { createOperatorsRepository, type OperatorsRepository } from './operators';
import { createPersonalDataRepository, type PersonalDataRepository } from './personal-data';
import { createPopupStatsRepository, type PopupStatsRepository } from './popup-stats';
import { createPopupsRepository, type PopupsRepository } from './popups';
import { createPriceVersionsRepository, type PriceVersionsRepository } from './price-versions';
import { createRateLimitRepository, type RateLimitRepository } from './rate-limit';
import { createReleaseRunsRepository, type ReleaseRunsRepository } from './release-runs';
import { createSettingsRepository, type SettingsRepository } from './settings';
import { createTrafficRepository, type TrafficRepository } from './traffic';
import { createVitalsRepository, type VitalsRepository } from './vitals';

/**
 * The storage of the site, over Kysely for SQLite and PostgreSQL alike: one repository a table (or a few
 * tables of one thing), each module naming its tables at its top and declaring its own types. A write
 * that spans tables is a unit of work: one repository opens the transaction and hands it to the others.
 */
export interface Repositories {
  leads: LeadsRepository;
  /** The console's reads of `leads` (lists, filters, counts): the same table's read model. */
  leadQueries: LeadQueriesRepository;
  deliveryQueue: DeliveryQueueRepository;
  alertQueue: AlertQueueRepository;
  giftSchedule: GiftScheduleRepository;
  rateLimit: RateLimitRepository;
  settings: SettingsRepository;
  audit: AuditRepository;
  operators: OperatorsRepository;
  operatorInvitations: OperatorInvitationsRepository;
  popupStats: PopupStatsRepository;
  personalData: PersonalDataRepository;
  popups: PopupsRepository;
  experiments: ExperimentsRepository;
  traffic: TrafficRepository;
  deals: DealsRepository;
  dealStatusChanges: DealStatusChangesRepository;
  dealUnmatchedCallbacks: DealUnmatchedCallbacksRepository;
  dealRefusedPayments: DealRefusedPaymentsRepository;
  dealReconciliation: DealReconciliationRepository;
  alertRecipients: AlertRecipientsRepository;
  alertJoins: AlertJoinsRepository;
  vitals: VitalsRepository;
  heartbeats: HeartbeatsRepository;
  releaseRuns: ReleaseRunsRepository;
  priceVersions: PriceVersionsRepository;
  contentEntries: ContentEntriesRepository;
  contentVersions: ContentVersionsRepository;
  contentImages: ContentImagesRepository;
  autopilot: AutopilotRepository;
}

/** Every table's one home: the rest of the code calls `repos.<aggregate>.<verb>()` and never writes SQL. */
export function createRepositories(handle: DatabaseHandle): Repositories {
  const settings = createSettingsRepository(handle);
  const deliveryQueue = createDeliveryQueueRepository(handle);
  const alertQueue = createAlertQueueRepository(handle);
  const rateLimit = createRateLimitRepository(handle);
  const leads = createLeadsRepository(handle, { settings, deliveryQueue, alertQueue });
  const leadQueries = createLeadQueriesRepository(handle);
  const dealStatusChanges = createDealStatusChangesRepository(handle);
  const dealUnmatchedCallbacks = createDealUnmatchedCallbacksRepository(handle);
  const dealRefusedPayments = createDealRefusedPaymentsRepository(handle);
  const popups = createPopupsRepository(handle);
  const audit = createAuditRepository(handle);
  const contentEntries = createContentEntriesRepository(handle);
  return {
    leads,
    leadQueries,
    deliveryQueue,
    alertQueue,
    giftSchedule: createGiftScheduleRepository(handle),
    rateLimit,
    settings,
    audit,
    operators: createOperatorsRepository(handle),
    operatorInvitations: createOperatorInvitationsRepository(handle),
    popupStats: createPopupStatsRepository(handle),
    personalData: createPersonalDataRepository(handle, { leads, deliveryQueue, alertQueue, rateLimit }),
    popups,
    deals: createDealsRepository(handle, {
      leads,
      leadQueries,
      deliveryQueue,
      statusChanges: dealStatusChanges,
      unmatchedCallbacks: dealUnmatchedCallbacks,
      refusedPayments: dealRefusedPayments,
    }),
    dealStatusChanges,
    dealUnmatchedCallbacks,
    dealRefusedPayments,
    dealReconciliation: createDealReconciliationRepository(handle),
    alertRecipients: createAlertRecipientsRepository(handle),
    alertJoins: createAlertJoinsRepository(handle, { settings, audit }),
    vitals: createVitalsRepository(handle),
    experiments: createExperimentsRepository(handle, { popups, alertQueue, audit }),
    heartbeats: createHeartbeatsRepository(handle),
    releaseRuns: createReleaseRunsRepository(handle),
    traffic: createTrafficRepository(handle),
    priceVersions: createPriceVersionsRepository(handle),
    contentEntries,
    contentVersions: createContentVersionsRepository(handle, { entries: contentEntries }),
    contentImages: createContentImagesRepository(handle),
    autopilot: createAutopilotRepository(handle),
  };
}
