import type { Generated } from 'kysely';

/**
 * The tables, as Kysely sees them. The same columns on SQLite and PostgreSQL: times are epoch
 * milliseconds (bigint), flags are 0/1 integers and JSON is text, so one query serves both.
 */
export interface Database {
  leads: LeadsTable;
  outbox: OutboxTable;
  gift_schedule_windows: GiftScheduleWindowsTable;
  rate_limit_counters: RateLimitCountersTable;
  settings: SettingsTable;
  alert_recipients: AlertRecipientsTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  admin_accounts: AdminAccountsTable;
  admin_audit_log: AdminAuditLogTable;
  popup_daily_counts: PopupDailyCountsTable;
  deals: DealsTable;
  deal_status_changes: DealStatusChangesTable;
  deal_unmatched_callbacks: DealUnmatchedCallbacksTable;
  deal_refused_payments: DealRefusedPaymentsTable;
  deal_reconciliation: DealReconciliationTable;
  popups: PopupsTable;
  popup_versions: PopupVersionsTable;
  vitals_histogram: VitalsHistogramTable;
  vitals_attribution: VitalsAttributionTable;
  vitals_context: VitalsContextTable;
  vitals_networks: VitalsNetworksTable;
  experiments: ExperimentsTable;
  experiment_variants: ExperimentVariantsTable;
  experiment_visitors: ExperimentVisitorsTable;
  experiment_conversions: ExperimentConversionsTable;
  health_heartbeats: HealthHeartbeatsTable;
  traffic_address_counters: TrafficAddressCountersTable;
  traffic_daily_totals: TrafficDailyTotalsTable;
  release_runs: ReleaseRunsTable;
  admin_invitations: AdminInvitationsTable;
  alert_join_codes: AlertJoinCodesTable;
  alert_chats: AlertChatsTable;
  price_versions: PriceVersionsTable;
  content_entries: ContentEntriesTable;
  content_versions: ContentVersionsTable;
  content_images: ContentImagesTable;
  autopilot_settings: AutopilotSettingsTable;
  autopilot_patterns: AutopilotPatternsTable;
  autopilot_proposals: AutopilotProposalsTable;
  autopilot_retests: AutopilotRetestsTable;
}

export interface LeadsTable {
  id: Generated<number>;
  created_at: number;
  form_id: string;
  product_name: string;
  event: string;
  name: string;
  email: string;
  /** E.164 (+79123456789): one spelling of a number however it was typed. */
  phone: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  utm_id: string | null;
  page_path: string;
  variant_id: string | null;
  block_id: string | null;
  google_client_id: string | null;
  yandex_client_id: string | null;
  consent_text_version: string;
  /** Keyed hash of the client address (see server/leads/client-address.ts), never the address itself. */
  client_address_hash: string | null;
  is_spam: number;
  /** `deal` | `gc_form` (posted by us to a GetCourse form) | `browser` (the visitor's browser posted it to GetCourse) | `none` (spam). */
  delivery_mode: string;
  /** Set when the retention job removed the personal fields (name, e-mail, phone, ids, address hash). */
  anonymized_at: number | null;
  /** The visitor's idempotency key (unique; migration 004) and a hash of the request that brought it. */
  idempotency_key: string | null;
  request_hash: string | null;
  /** 021: why the lead is held back as «Похоже на спам» (flood signs, comma-separated); null when it is not. */
  withheld_signs: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  lead_id: number | null;
  /** GetCourse's deal number for a deal: made once from the database's prefix and the lead id, so a retry updates the same deal. */
  deal_number: string | null;
  /** Kind-specific delivery settings captured when the lead was accepted (never personal data). */
  payload: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: number;
  /** While `sending`: the claim expires at this time, then another worker may take the row over. */
  locked_until: number | null;
  claim_token: string | null;
  /** 026: why the last attempt failed, a code of lib/outbox-failures.ts; null when none failed or it went. */
  last_error_code: string | null;
  /** 026 (was `last_error`): what goes with the code (an HTTP status, a timeout, GetCourse's refusal), never personal data. */
  last_error_detail: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  /** Kind `alert` (009): `telegram:<chat>` or `email:<address>`; null for every other kind. */
  recipient: string | null;
  /** Kind `alert` (009): the lead it announces (`lead_id` stays null: that is the GetCourse delivery's). */
  alert_lead_id: number | null;
}

/** `withheld` (021): its lead is held back as «Похоже на спам»; no worker claims it until the lead is released. */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'dead' | 'withheld';

export interface GiftScheduleWindowsTable {
  id: Generated<number>;
  gift_number: number;
  start_at: number;
  end_at: number;
  created_at: number;
}

export interface RateLimitCountersTable {
  bucket: string;
  window_start: number;
  hits: number;
}

/** 009: when the next alert message to a recipient may start (its spacing, its lock, Telegram's retry_after). */
export interface AlertRecipientsTable {
  recipient: string;
  next_send_at: number;
}

/** 014: each instance's last health heartbeat (`host:pid`), written and read back by `GET /api/health`. */
export interface HealthHeartbeatsTable {
  instance: string;
  beat_at: number;
}

/** 018: each run of the release timer (scripts/release-due.ts --record): the day it checked, what became due, what it did. */
export interface ReleaseRunsTable {
  id: Generated<number>;
  ran_at: number;
  day: string;
  /** JSON list of { kind, title, path }. */
  due: string;
  outcome: 'release' | 'nothing';
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Operators (better-auth's user model; its dates are text on SQLite, timestamptz on PostgreSQL). */
export interface AdminUsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  /** 016: epoch ms of the last sign-in; null: none since. Ours, not better-auth's. */
  lastSignInAt: number | null;
}

export interface AdminSessionsTable {
  id: string;
  expiresAt: string | Date;
  token: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AdminAccountsTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface AdminAuditLogTable {
  id: Generated<number>;
  at: number;
  /** The operator's e-mail; for a failed or refused sign-in, the e-mail that was tried (cut short). */
  actor: string | null;
  /** See AuditAction in server/repositories/audit.ts. */
  action: string;
  subject: string | null;
  /** JSON, never personal data beyond the subject's e-mail where the action is about one. */
  details: string | null;
  /** 013: what the sign-in attempts folded into this row share (kind, e-mail, client, window); null for other actions. */
  fold_key: string | null;
  /** 013: how many attempts the row stands for; 1 for other actions. */
  count: Generated<number>;
  /** 013: when the latest folded attempt came (`at`: the first); null for other actions. */
  last_at: number | null;
}

/** How often each pop-up was shown, closed and finished, per Moscow day and page path. */
export interface PopupDailyCountsTable {
  /** `2026-11-23`, Moscow. */
  day: string;
  popup_id: string;
  path: string;
  shown: number;
  closed: number;
  finished: number;
}

/** A deal the site sent, as GetCourse last told us (migration 008); money in kopecks. */
export interface DealsTable {
  deal_number: string;
  /** No foreign key: the deal and its attribution outlive the lead's erasure. */
  lead_id: number | null;
  /** Ours: see DealStatus in server/rules/deal-status.ts. */
  status: string;
  /** GetCourse's status code as it came (`payed`, `cancelled`, …). */
  gc_status: string;
  rank: number;
  cost_kopecks: number | null;
  paid_kopecks: number;
  paid_at: number | null;
  changed_at: number;
  lead_created_at: number;
  form_id: string;
  utm_source: string | null;
  utm_campaign: string | null;
  page_path: string;
  variant_id: string | null;
}

export interface DealStatusChangesTable {
  id: Generated<number>;
  deal_number: string;
  at: number;
  /** `callback` | `reconcile`. */
  source: string;
  status: string;
  gc_status: string;
  cost_kopecks: number | null;
  paid_kopecks: number;
}

export interface DealUnmatchedCallbacksTable {
  deal_number: string;
  first_at: number;
  last_at: number;
  calls: number;
  gc_status: string;
  paid_kopecks: number;
}

/** Migration 021: a report whose money cannot be right for its deal, kept apart (server/rules/payment-plausibility.ts). */
export interface DealRefusedPaymentsTable {
  deal_number: string;
  lead_id: number | null;
  reason: string;
  limit_kopecks: number;
  course: string | null;
  gc_status: string;
  cost_kopecks: number | null;
  paid_kopecks: number | null;
  source: string;
  first_at: number;
  last_at: number;
  calls: number;
}

export interface DealReconciliationTable {
  name: string;
  /** Deals changed since this time are asked for next (epoch ms). */
  since: number | null;
  /** The export asked for and not read yet: a restarted run polls it instead of asking again. */
  export_id: string | null;
  export_started_at: number | null;
  last_success_at: number | null;
  last_failure_at: number | null;
  /** A code (`busy`, `not_ready`, `http_5xx`, …), never data. */
  last_error: string | null;
}

/** A pop-up steered from the console (migration 007). */
export interface PopupsTable {
  id: string;
  /** Its place in content/popups.ts: the targeting's last tie-break. */
  position: number;
  current_version: number;
  updated_at: number;
}

/** Every saved state of a pop-up; version 1 is the file's. */
export interface PopupVersionsTable {
  popup_id: string;
  version: number;
  /** JSON: the whole pop-up (lib/popups/managed.ts `ManagedPopupConfig`). */
  config: string;
  created_at: number;
  actor: string | null;
  /** JSON list of the keys that changed. */
  changes: string;
  restored_from: number | null;
}

/** Field vitals (migration 011): page views per log-spaced bucket (lib/vitals/histogram.ts). */
export interface VitalsHistogramTable {
  /** `2026-11-23`, Moscow. */
  day: string;
  /** The route pattern (lib/vitals/page-type.ts). */
  page_type: string;
  /** `phone` | `tablet` | `desktop`. */
  device: string;
  /** `LCP` | `INP` | `CLS` | `FCP` | `TTFB`. */
  metric: string;
  /** 1 when a timed pop-up showed on the page view. */
  popup: number;
  bucket: number;
  count: number;
}

/** How often an element was a metric's LCP element or INP target. */
export interface VitalsAttributionTable {
  day: string;
  page_type: string;
  device: string;
  metric: string;
  /** A CSS selector as web-vitals wrote it. */
  target: string;
  /** INP's longest phase; '' otherwise. */
  phase: string;
  count: number;
  total: number;
}

/** Reports per connection's effective type and navigation type. */
export interface VitalsContextTable {
  day: string;
  page_type: string;
  device: string;
  connection: string;
  navigation: string;
  reports: number;
}

/** A network that had a field-vitals report counted, per day, page type and device (migration 023). */
export interface VitalsNetworksTable {
  day: string;
  page_type: string;
  device: string;
  /** Keyed hash of the network (IPv4 /24, IPv6 /48). */
  network: string;
}

/** A test of a pop-up or a page (migration 027, from 010 and 020). */
export interface ExperimentsTable {
  id: string;
  kind: 'popup' | 'page';
  /** The pop-up's id, the page's address. */
  subject: string;
  status: 'draft' | 'running' | 'stopped' | 'kept';
  /** Raised by every edit: what the page serving caches key on. */
  version: number;
  planned_visitors: number;
  /** 1: started with «Оставить победителя автоматически». */
  auto_keep: Generated<number>;
  created_at: number;
  created_by: string;
  updated_at: number;
  started_at: number | null;
  started_by: string | null;
  stopped_at: number | null;
  stopped_by: string | null;
  winner: number | null;
  /** When the verdict job announced the test's verdict; null before. */
  verdict_at: number | null;
}

/** One variant of a test (0 = A): its changes as JSON (server/experiments/subjects). */
export interface ExperimentVariantsTable {
  experiment_id: string;
  variant: number;
  changes: string;
}

/** A visitor shown (served) a variant of a test, once. */
export interface ExperimentVisitorsTable {
  experiment_id: string;
  /** Keyed hash of the visitor's first-party id. */
  visitor: string;
  variant: number;
  day: string;
  at: number;
  /** Keyed hash of the visitor's network; null for those counted before networks were kept. */
  network: string | null;
}

/** A visitor whose accepted lead counted for their variant, with the lead (its deal brings the revenue). */
export interface ExperimentConversionsTable extends ExperimentVisitorsTable {
  /** Null: a pop-up test's lead counted before 027. */
  lead_id: number | null;
}

/** A client's events in one scope on one Moscow day (migration 015); deleted after two days. */
export interface TrafficAddressCountersTable {
  day: string;
  /** e.g. `popup:promo-git:shown`, `test:<id>:show`, `vitals:/products/[course]`. */
  scope: string;
  /** Keyed hash of the client's IPv4 address or IPv6 /64 (server/leads/client-address.ts). */
  address: string;
  hits: number;
}

/** A day's events of a pop-up, a split test or a page type: counted, and accepted but not counted. */
export interface TrafficDailyTotalsTable {
  day: string;
  kind: 'popup' | 'test' | 'vitals' | 'page';
  subject: string;
  counted: number;
  uncounted: number;
}

/** 016: invitations of operators by a one-time link (only the token's SHA-256 is kept). */
export interface AdminInvitationsTable {
  id: Generated<number>;
  email: string;
  token_hash: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
}

/** 017: one-time codes of the bot links by which managers join the lead alerts (only the code's SHA-256 is kept). */
export interface AlertJoinCodesTable {
  code_hash: string;
  created_by: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  chat_id: string | null;
}

/** 017: the Telegram chats that joined the alerts by a link, with the name Telegram gave. */
export interface AlertChatsTable {
  chat_id: string;
  name: string;
  username: string | null;
  joined_at: number;
  invited_by: string;
}

/** «Цены» (migration 024): one row a saved version of a course's prices. */
export interface PriceVersionsTable {
  id: Generated<number>;
  course_slug: string;
  /** JSON: every tariff's figures in the course's order (content/live/state.ts `LiveTariffPrice[]`). */
  tariffs: string;
  /** From when the version is in effect: the save's time, or the «Действует с» time chosen (ms). */
  effective_from: number;
  created_at: number;
  /** The operator's e-mail. */
  operator: string;
  /** When a scheduled version was cancelled («Отменить»); null otherwise. */
  cancelled_at: number | null;
}

/** An article or event the console has saved (migration 025), by kind and address segment. */
export interface ContentEntriesTable {
  kind: 'article' | 'event';
  slug: string;
  created_at: number;
}

/** Every saved state of a console article or event. */
export interface ContentVersionsTable {
  id: Generated<number>;
  kind: 'article' | 'event';
  slug: string;
  /** JSON: the console form's fields. */
  fields: string;
  status: 'draft' | 'published';
  /** When a published version takes effect; null for a draft. */
  publish_at: number | null;
  created_at: number;
  operator: string;
  cancelled_at: number | null;
  restored_from: number | null;
}

/** A cover image uploaded in the console, re-encoded (served by GET /api/content-images/<id>). */
export interface ContentImagesTable {
  id: Generated<number>;
  content_type: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  created_at: number;
  operator: string;
}

/** The autopilot's one row (migration 028): on or off, whether its tests keep their winner. */
export interface AutopilotSettingsTable {
  id: number;
  enabled: number;
  keep_winner: number;
  updated_at: number;
  updated_by: string | null;
  weekly_sent_at: number | null;
}

/** A text the team keeps for an element (migration 028). */
export interface AutopilotPatternsTable {
  id: Generated<number>;
  element: string;
  text: string;
  created_at: number;
  created_by: string;
}

/** A proposal of the autopilot's queue (migration 028). */
export interface AutopilotProposalsTable {
  id: string;
  kind: 'popup' | 'page';
  place: string;
  element: string;
  text: string;
  source: 'pattern' | 'learned';
  figures: string;
  status: 'proposed' | 'approved' | 'running' | 'done' | 'dismissed';
  position: number;
  created_at: number;
  approved_at: number | null;
  approved_by: string | null;
  started_at: number | null;
  test_id: string | null;
  ended_at: number | null;
  end_reason: 'result' | 'futility' | 'horizon' | 'by_hand' | null;
  kept: number | null;
}

/** A question the team asked to test again (migration 028). */
export interface AutopilotRetestsTable {
  question: string;
  asked_at: number;
  asked_by: string;
}
