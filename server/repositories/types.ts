import type { Kysely } from 'kysely';
import type { GiftWindow } from '@/lib/api-contract';
import type { Database, OutboxStatus } from '../db/schema';
import type { AlertSettings } from '../alerts/settings';
import type { VitalName, VitalsReport } from '@/lib/vitals/metrics';
import type { AlertQueueRepository, NewAlert } from './alert-queue';
import type { DeliveryQueueRepository, NewDelivery } from './delivery-queue';

export type { OutboxStatus };
import type { WindowProblem } from '../gift-schedule/windows';
import type { PopupsRepository } from './popups';
import type { SplitTestsRepository } from './split-tests';
import type { TrafficRepository } from './traffic';
import type { DealsRepository } from './deals';

/** A lead as the API accepted it, ready to store. */
export interface NewLead {
  createdAt: number;
  formId: string;
  productName: string;
  event: string;
  name: string;
  email: string;
  /** E.164. */
  phone: string;
  utm: { source?: string; medium?: string; campaign?: string; content?: string; term?: string; id?: string };
  pagePath: string;
  variantId: string | null;
  blockId: string | null;
  googleClientId: string | null;
  yandexClientId: string | null;
  consentTextVersion: string;
  clientAddressHash: string | null;
  isSpam: boolean;
  /** `deal`: our worker sends it; `browser`: the visitor's browser posted it to GetCourse; `none`: spam. */
  deliveryMode: 'deal' | 'browser' | 'none';
}

export interface StoredLead extends NewLead {
  id: number;
  /** When the retention job removed the personal fields (they are empty then); absent before. */
  anonymizedAt?: number;
  /** The visitor's idempotency key of the request that made the lead, while it is kept. */
  idempotencyKey?: string;
}

export interface StoredGiftWindow extends GiftWindow {
  id: number;
}

/**
 * The visitor's idempotency key of a request and a hash of what the request said: a second request with
 * the key is answered from the first one's row (the same request) or refused (other contents).
 */
export interface Idempotency {
  key: string;
  requestHash: string;
}

/**
 * What storing a keyed request did: stored it now (`replayed: false`), or found the key's earlier row
 * and wrote nothing (`replayed: true`, `outboxId: null`; `sameRequest` says whether the contents matched).
 */
export interface StoreOutcome {
  outboxId: number | null;
  replayed: boolean;
  sameRequest: boolean;
}

/** What the leads list can be narrowed to; every field optional. Times are epoch ms, `to` exclusive. */
export interface LeadFilter {
  from?: number;
  to?: number;
  formId?: string;
  productName?: string;
  utmSource?: string;
  utmCampaign?: string;
  /** Issue 27: `paid`: its GetCourse deal is paid (fully or partly, not refunded); `unpaid`: it is not. */
  payment?: 'paid' | 'unpaid';
  /** The state of the lead's delivery to GetCourse; `none`: nothing to deliver (browser-posted, spam). */
  delivery?: DeliveryState;
  spam?: 'only' | 'exclude';
  /** An e-mail (exact, any case) or a phone (any spelling of the digits). */
  search?: string;
}

export const deliveryStates = ['waiting', 'sent', 'dead', 'none'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** Where the next page starts: just after this lead in (created_at, id) descending order. */
export interface LeadCursor {
  createdAt: number;
  id: number;
}

export interface LeadListRow {
  id: number;
  createdAt: number;
  formId: string;
  productName: string;
  name: string;
  email: string;
  phone: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  utmTerm: string | null;
  pagePath: string;
  isSpam: boolean;
  /** The status of the lead's latest delivery; null when it has none. */
  deliveryStatus: OutboxStatus | null;
  dealNumber: string | null;
  /** Issue 27: what the lead's paid deal brought, in kopecks; null when it is not paid. */
  paidKopecks: number | null;
}

/** Leads (not spam) of one form or UTM source: today, the last 7 and the last 30 Moscow days. */
export interface LeadCounts {
  key: string;
  today: number;
  week: number;
  month: number;
}

export interface DailySeries {
  /** The last 30 Moscow days, oldest first, as `23.11`. */
  days: string[];
  /** Leads (not spam) per day, one series per form. */
  series: { key: string; counts: number[] }[];
}

/**
 * Sign-in attempts that are not a sign-in: many of one kind, tried e-mail, client and lockout window
 * are one audit row with their count (a flood leaves a few rows). `sign_in_refused`: the e-mail had too
 * many failures; `sign_in_refused_address`: the client had (whatever e-mails it tries: one row).
 */
export const foldedAuditActions = ['sign_in_failed', 'sign_in_refused', 'sign_in_refused_address'] as const;
export type FoldedAuditAction = (typeof foldedAuditActions)[number];

export const auditActions = [
  'sign_in',
  ...foldedAuditActions,
  'sign_out',
  'export',
  'resend',
  'resend_all',
  'erase',
  'spam',
  'not_spam',
  'schedule_add',
  'schedule_edit',
  'schedule_remove',
  'popup_save',
  'popup_rollback',
  'alerts_save',
  'alerts_test',
  'popup_variants_save',
  'popup_test_start',
  'popup_test_stop',
  'popup_test_decide',
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditEntry {
  id: number;
  /** When it happened; for a folded row, the first of its attempts. */
  at: number;
  /** When the latest attempt of a folded row came; `at` for every other row. */
  lastAt: number;
  /** How many attempts a folded row stands for; 1 for every other row. */
  count: number;
  actor: string | null;
  action: AuditAction;
  subject: string | null;
  details: Record<string, unknown> | null;
}

export interface Operator {
  id: string;
  email: string;
  createdAt: Date;
}

export const popupEvents = ['shown', 'closed', 'finished'] as const;
export type PopupEvent = (typeof popupEvents)[number];

export interface PopupEventReport {
  popup: string;
  event: PopupEvent;
  path: string;
}

export interface PopupDayFigures {
  day: string;
  popup: string;
  shown: number;
  closed: number;
  finished: number;
}

/** What erasing one visitor removed from the site's database. */
export interface ErasureCounts {
  leads: number;
  /** The outbox rows of those leads. */
  deliveries: number;
  /** Of those, the ones already delivered: GetCourse holds a copy the site cannot delete. */
  deliveriesSent: number;
  /** Rate-limit counter rows keyed by the e-mail's hash. */
  counterRows: number;
}

export interface RetentionCounts {
  /** Leads whose personal fields were removed just now. */
  anonymized: number;
  spamDeleted: number;
}

export interface LeadsRepository {
  /**
   * Stores the lead and, when given, its delivery in ONE transaction: both or neither. With an
   * idempotency key that a lead already holds, stores nothing and says so (also when two requests
   * with the key race: the unique index lets one in, the other finds its row).
   */
  accept(lead: NewLead, delivery: NewDelivery | null, idempotency?: Idempotency, alerts?: readonly NewAlert[]): Promise<StoreOutcome & { leadId: number }>;
  /** The lead an idempotency key made, if any (a read only: no lock, no write). */
  findByIdempotencyKey(key: string): Promise<{ id: number; requestHash: string | null } | undefined>;
  findLead(id: number): Promise<StoredLead | undefined>;
  /** One page of leads, newest first, after `after` (keyset paging). */
  list(filter: LeadFilter, options?: { after?: LeadCursor | null; limit?: number }): Promise<{ rows: LeadListRow[]; next: LeadCursor | null }>;
  /** The form ids and UTM sources seen so far, for the filter's suggestions (both read from an index). */
  facets(): Promise<{ formIds: string[]; utmSources: string[] }>;
  /** In `trx` when given: the caller's transaction (a console action's, with its audit row). */
  markSpam(leadId: number, spam: boolean, trx?: Kysely<Database>): Promise<boolean>;
  /** Leads that are not spam, today / 7 days / 30 days per form or UTM source, in one pass over 30 days. */
  counts(by: 'form' | 'utm_source', now: number): Promise<LeadCounts[]>;
  /** Leads (not spam) per Moscow day and form over the last 30 days. */
  perDay(now: number): Promise<DailySeries>;
}

/** `alert_recipients` (009): when the next message to a recipient may start. */
export interface AlertRecipientsRepository {
  /**
   * Takes the recipient for one message when its time has come: no other worker may start a message to it
   * before `holdUntil` (the send's lease). False when another holds it or it must still wait.
   */
  take(recipient: string, now: number, holdUntil: number): Promise<boolean>;
  /** After a message: the next one may start at `nextAt` (a second later, or Telegram's retry_after). */
  release(recipient: string, nextAt: number): Promise<void>;
}

export interface GiftScheduleRepository {
  /** Sorted by start. */
  list(): Promise<StoredGiftWindow[]>;
  /**
   * Validated against the other stored windows inside the same transaction (as `update`): the caller's
   * `trx` when given (a console action's, with its audit row), else one of its own.
   */
  add(window: GiftWindow, now: number, trx?: Kysely<Database>): Promise<{ id: number } | { problem: WindowProblem }>;
  update(id: number, window: GiftWindow, trx?: Kysely<Database>): Promise<{ updated: boolean } | { problem: WindowProblem }>;
  remove(id: number, trx?: Kysely<Database>): Promise<boolean>;
}

export interface RateLimitRepository {
  /** Counts one hit in the bucket's window and returns the window's total so far. */
  hit(bucket: string, windowStart: number): Promise<number>;
  /**
   * Counts one hit unless the window already holds `limit`, in one atomic statement: of any number of
   * claims at once (from any instance) at most `limit` are counted. The window's total with this hit,
   * or null when it was full and nothing was counted.
   */
  claim(bucket: string, windowStart: number, limit: number): Promise<number | null>;
  pruneBefore(windowStart: number): Promise<number>;
  /** Takes one hit back from the bucket's window (never below zero). */
  release(bucket: string, windowStart: number): Promise<void>;
}

export interface SettingsRepository {
  /** This database's deal-number prefix (migration 004), read once. */
  dealNumberPrefix(): Promise<number>;
  /** The console's alert settings (issue 26), or the defaults (no recipients) until saved. */
  alertSettings(): Promise<AlertSettings>;
  /** In `trx` when given: the caller's transaction (the console's save, with the queue following it and its audit row). */
  saveAlertSettings(settings: AlertSettings, trx?: Kysely<Database>): Promise<void>;
  /** Stores these settings unless some were saved before (the console's always win); true when stored. */
  seedAlertSettings(settings: AlertSettings): Promise<boolean>;
}

export interface AuditRepository {
  /**
   * One row of who did what. `trx`: the transaction of the change it records, so the change and its row
   * commit or roll back together (every console action: server/admin/operator-action.ts).
   */
  record(entry: { actor: string | null; action: AuditAction; subject?: string | null; details?: Record<string, unknown> }, now?: number, trx?: Kysely<Database>): Promise<void>;
  /**
   * Counts one attempt into the row of `foldKey` (made with this actor and action by the first), in one
   * atomic statement, so attempts at once from several instances add up in one row.
   */
  fold(entry: { actor: string | null; action: FoldedAuditAction; foldKey: string }, now: number): Promise<void>;
  /** Deletes the rows from before `at` (the retention); how many went. */
  deleteBefore(at: number): Promise<number>;
  /** Newest first, `limit` entries older than the entry `before` (an id), when given. */
  list(options?: { before?: number; limit?: number }): Promise<AuditEntry[]>;
}

export interface OperatorsRepository {
  list(): Promise<Operator[]>;
  /** Removes the operator (`email` in lower case) with their sessions; false when there is none. */
  remove(email: string): Promise<boolean>;
}

export interface PopupStatsRepository {
  /** Adds a beacon's events to the day's counts. */
  record(reports: readonly PopupEventReport[], now: number): Promise<void>;
  /** Counts per pop-up per day (pages summed) from `fromDay` to `toDay`, both included; newest day first. */
  perDay(fromDay: string, toDay: string): Promise<PopupDayFigures[]>;
}

export interface PersonalDataRepository {
  /** Removes a visitor's leads, their deliveries and the counters of `emailBucket`, all or nothing (in the caller's `trx` when given). */
  erase(email: string, emailBucket: string, trx?: Kysely<Database>): Promise<ErasureCounts>;
  /** Anonymizes delivered leads older than `leadDays`, deletes spam older than `spamDays`. */
  applyRetention(policy: { leadDays: number; spamDays: number }, now: number): Promise<RetentionCounts>;
}

/** One histogram bucket's count (lib/vitals/histogram.ts) of a page type, device and metric over a period. */
export interface VitalsBucketRow {
  pageType: string;
  device: string;
  metric: VitalName;
  /** Whether a timed pop-up showed on those page views. */
  popup: boolean;
  bucket: number;
  count: number;
}

export interface VitalsDailyBucketRow {
  day: string;
  metric: VitalName;
  bucket: number;
  count: number;
}

export interface VitalsTarget {
  /** A CSS selector of the element. */
  target: string;
  /** INP's longest phase, null for LCP. */
  phase: string | null;
  count: number;
  /** The metric's average over those page views (ms). */
  average: number;
}

export interface VitalsRepository {
  /** Adds one visitor's report to its Moscow day. */
  record(report: VitalsReport, now: number): Promise<void>;
  /** Bucket counts per page type, device, metric and pop-up flag from `fromDay` to `toDay`, both included. */
  histograms(fromDay: string, toDay: string): Promise<VitalsBucketRow[]>;
  /** Bucket counts per day and metric (pages and devices summed, or only the given ones), oldest day first. */
  dailyHistograms(fromDay: string, toDay: string, filter?: { pageType?: string; device?: string }): Promise<VitalsDailyBucketRow[]>;
  /** The elements most often attributed a metric on a page type (LCP element, INP target), most frequent first. */
  topTargets(fromDay: string, toDay: string, pageType: string, metric: VitalName, limit?: number): Promise<VitalsTarget[]>;
  /** Reports by connection's effective type and navigation type. */
  context(fromDay: string, toDay: string): Promise<{ connection: string; navigation: string; reports: number }[]>;
  /** Deletes the days before `day` (retention); returns the rows deleted. */
  deleteBefore(day: string): Promise<number>;
}

export interface HeartbeatsRepository {
  /**
   * Upserts `instance`'s heartbeat at `beatAt` (never back to an older time) in a write transaction, so on
   * SQLite it fails when the file moved (database-file.ts); drops the rows of instances silent since `staleBefore`.
   */
  beat(instance: string, beatAt: number, staleBefore: number): Promise<void>;
  /** The last heartbeat of `instance` as stored, or null. */
  lastBeat(instance: string): Promise<number | null>;
}

/** The storage of the site: one module a table group, over Kysely for SQLite and PostgreSQL alike. */
export interface Repositories {
  leads: LeadsRepository;
  deliveryQueue: DeliveryQueueRepository;
  alertQueue: AlertQueueRepository;
  giftSchedule: GiftScheduleRepository;
  rateLimit: RateLimitRepository;
  settings: SettingsRepository;
  audit: AuditRepository;
  operators: OperatorsRepository;
  popupStats: PopupStatsRepository;
  personalData: PersonalDataRepository;
  popups: PopupsRepository;
  splitTests: SplitTestsRepository;
  traffic: TrafficRepository;
  deals: DealsRepository;
  alertRecipients: AlertRecipientsRepository;
  vitals: VitalsRepository;
  heartbeats: HeartbeatsRepository;
}
