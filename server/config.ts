import path from 'node:path';
import type { FloodThresholds } from './rules/flood-signs';

/**
 * The server's settings, read from the environment in one place (secrets come only from there).
 * Pure: takes the environment as an argument so tests can build any configuration.
 */

/** The variables we read (process.env, or any record in tests). */
export type Environment = Record<string, string | undefined>;

export type DatabaseConfig = { dialect: 'postgres'; url: string } | { dialect: 'sqlite'; file: string };

/** Where the client-address hash key comes from (ADDRESS_HASH_KEY, or its key file: server/leads/hash-key.ts loads it). */
export type HashKeySource = { kind: 'value'; value: string } | { kind: 'file'; file: string };

export interface GetCourseConfig {
  /** `https://{account}.getcourse.ru`, or GETCOURSE_BASE_URL (tests point it at the fake server). */
  baseUrl: string;
  apiKey: string;
  /** A call that takes longer is abandoned and retried later, so a hanging GetCourse never stalls the worker. */
  timeoutMs: number;
}

export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

export interface WorkerConfig {
  mode: 'inline' | 'off';
  pollMs: number;
  /** How often the tests' autopilot looks (server/autopilot/; AUTOPILOT_EVERY_MS, 10 minutes; seconds in the e2e stack). */
  autopilotEveryMs: number;
  batchSize: number;
  retry: RetryPolicy;
}

/** How many leads the API accepts before it answers 429 (each counted in the shared database). */
export interface LeadLimits {
  /** Requests per client (IPv4 address or IPv6 /64) per minute. */
  perAddressPerMinute: number;
  /** Accepted leads per e-mail address per hour. */
  perEmailPerHour: number;
  /**
   * Leads per minute from everyone above which the heaviest senders are refused (server/leads/shedding.ts):
   * above the school's busiest real minute, so a real rush never meets it.
   */
  pressurePerMinute: number;
  /** From how many leads in ten minutes from one address, or one network, a lead is held as «Похоже на спам» (server/rules/flood-signs.ts). */
  hold: FloodThresholds;
}

export interface RetentionConfig {
  /** Delivered leads lose their personal fields after this many days (LEAD_RETENTION_DAYS). */
  leadDays: number;
  /** Spam (the honeypot was filled) is deleted after this many days. */
  spamDays: number;
  /** The console's audit log (who did what, the sign-in attempts with the e-mails tried) is deleted after this many days. */
  auditDays: number;
}

/** Lead alerts to the sales managers; either channel may be absent. */
export interface AlertsConfig {
  /** TELEGRAM_BOT_TOKEN (a secret); TELEGRAM_API_URL overrides `https://api.telegram.org` (tests). */
  telegram: { apiUrl: string; token: string; timeoutMs: number } | null;
  /** SMTP_URL (`smtps://user:password@smtp.example:465`, a secret) and LEAD_ALERT_FROM (the sender). */
  email: { smtpUrl: string; from: string; timeoutMs: number } | null;
  /** SITE_URL: the console link in each alert; null without it. */
  siteUrl: string | null;
  /**
   * LEAD_ALERT_TELEGRAM_CHATS / LEAD_ALERT_EMAILS (comma- or line-separated): the first recipients of a new
   * database, stored once at start when the console has never saved its settings; the console rules after.
   */
  seedRecipients?: { telegramChats: string; emails: string } | null;
}

export interface ServerConfig {
  database: DatabaseConfig;
  /** Null without an account and key: leads are stored and wait, never dropped. */
  getCourse: GetCourseConfig | null;
  worker: WorkerConfig;
  limits: LeadLimits;
  retention: RetentionConfig;
  /** How many reverse proxies of ours stand in front of the site (TRUST_PROXY); 0: clients connect directly. */
  trustedProxies: number;
  /** The key of the client-address and e-mail hashes: never stored in the database. */
  hashKey: HashKeySource;
  /** The site's own origin, accepted in `Origin` besides the request's host. */
  siteOrigin: string | null;
  /** Bearer token of `GET /api/metrics` (METRICS_TOKEN); null: the endpoint answers 404. */
  metricsToken: string | null;
  alerts: AlertsConfig;
  /** How often each instance reads the running page tests (PAGE_TESTS_REFRESH_MS): a console edit reaches every instance within it. */
  pageTestsRefreshMs: number;
  /** How often each instance reads the console's content in effect (CONTENT_REFRESH_MS): a price or an article is on every instance within it. */
  contentRefreshMs: number;
}

export const DEFAULT_SQLITE_PATH = './data/site.db';
export const DEFAULT_POLL_MS = 1000;
export const DEFAULT_LIMITS: LeadLimits = { perAddressPerMinute: 30, perEmailPerHour: 10, pressurePerMinute: 60, hold: { perAddress: 4, perNetwork: 10 } };
export const DEFAULT_RETENTION: RetentionConfig = { leadDays: 180, spamDays: 7, auditDays: 365 };
export const DEFAULT_HASH_KEY_FILE = './data/address-hash.key';
export const DEFAULT_GETCOURSE_TIMEOUT_MS = 10_000;
export const DEFAULT_PAGE_TESTS_REFRESH_MS = 30_000;
export const DEFAULT_CONTENT_REFRESH_MS = 15_000;
/** The team was promised that a price or an article saved in the console is on every instance within a minute. */
export const MAX_CONTENT_REFRESH_MS = 60_000;
/** The team was promised that a page test's edit is live on every instance within 5 minutes. */
export const MAX_PAGE_TESTS_REFRESH_MS = 5 * 60_000;
export const DEFAULT_AUTOPILOT_EVERY_MS = 10 * 60_000;
/** 5 s doubling to an hour, 20 attempts: about 11 hours of GetCourse outage before a delivery is dead. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 5000, maxMs: 3_600_000, maxAttempts: 20 };

export function readServerConfig(env: Environment = process.env): ServerConfig {
  return {
    database: readDatabaseConfig(env),
    getCourse: readGetCourseConfig(env),
    worker: {
      mode: env.OUTBOX_WORKER === 'off' ? 'off' : 'inline',
      pollMs: positiveInt(env.OUTBOX_POLL_MS, DEFAULT_POLL_MS),
      autopilotEveryMs: positiveInt(env.AUTOPILOT_EVERY_MS, DEFAULT_AUTOPILOT_EVERY_MS),
      batchSize: 10,
      retry: {
        baseMs: positiveInt(env.OUTBOX_RETRY_BASE_MS, DEFAULT_RETRY.baseMs),
        maxMs: DEFAULT_RETRY.maxMs,
        maxAttempts: positiveInt(env.OUTBOX_MAX_ATTEMPTS, DEFAULT_RETRY.maxAttempts),
      },
    },
    limits: {
      perAddressPerMinute: positiveInt(env.RATE_LIMIT_PER_MINUTE, DEFAULT_LIMITS.perAddressPerMinute),
      perEmailPerHour: positiveInt(env.RATE_LIMIT_PER_EMAIL_PER_HOUR, DEFAULT_LIMITS.perEmailPerHour),
      pressurePerMinute: positiveInt(env.LEAD_PRESSURE_PER_MINUTE, DEFAULT_LIMITS.pressurePerMinute),
      hold: {
        perAddress: positiveInt(env.LEAD_HOLD_PER_ADDRESS, DEFAULT_LIMITS.hold.perAddress),
        perNetwork: positiveInt(env.LEAD_HOLD_PER_NETWORK, DEFAULT_LIMITS.hold.perNetwork),
      },
    },
    retention: { ...DEFAULT_RETENTION, leadDays: positiveInt(env.LEAD_RETENTION_DAYS, DEFAULT_RETENTION.leadDays) },
    trustedProxies: readTrustedProxies(env.TRUST_PROXY),
    hashKey: readHashKeySource(env),
    siteOrigin: originOf(env.SITE_URL),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    alerts: readAlertsConfig(env),
    pageTestsRefreshMs: readPageTestsRefreshMs(env),
    contentRefreshMs: readContentRefreshMs(env),
  };
}

export function readPageTestsRefreshMs(env: Environment = process.env): number {
  const refreshMs = positiveInt(env.PAGE_TESTS_REFRESH_MS, DEFAULT_PAGE_TESTS_REFRESH_MS);
  if (refreshMs > MAX_PAGE_TESTS_REFRESH_MS) {
    throw new Error(`PAGE_TESTS_REFRESH_MS must be at most ${MAX_PAGE_TESTS_REFRESH_MS} (5 minutes: how soon a page test's edit must be live everywhere)`);
  }
  return refreshMs;
}

export function readContentRefreshMs(env: Environment = process.env): number {
  const refreshMs = positiveInt(env.CONTENT_REFRESH_MS, DEFAULT_CONTENT_REFRESH_MS);
  if (refreshMs > MAX_CONTENT_REFRESH_MS) {
    throw new Error(`CONTENT_REFRESH_MS must be at most ${MAX_CONTENT_REFRESH_MS} (a minute: how soon a console change must be live everywhere)`);
  }
  return refreshMs;
}

export const DEFAULT_ALERT_TIMEOUT_MS = 10_000;

export function readAlertTimeoutMs(env: Environment = process.env): number {
  return positiveInt(env.LEAD_ALERT_TIMEOUT_MS, DEFAULT_ALERT_TIMEOUT_MS);
}

export function readAlertsConfig(env: Environment = process.env): AlertsConfig {
  const timeoutMs = readAlertTimeoutMs(env);
  const token = env.TELEGRAM_BOT_TOKEN?.trim();
  const apiUrl = (env.TELEGRAM_API_URL?.trim() || 'https://api.telegram.org').replace(/\/+$/, '');
  if (token && !isHttpsOrLoopback(apiUrl)) throw new Error('TELEGRAM_API_URL must be an https:// address (plain http only to this machine, for tests)');
  const smtpUrl = env.SMTP_URL?.trim();
  const from = env.LEAD_ALERT_FROM?.trim();
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (smtpUrl && !from) throw new Error('LEAD_ALERT_FROM must name the sender of the lead alerts when SMTP_URL is set');
  if (from && /[\r\n]/.test(from)) throw new Error('LEAD_ALERT_FROM must be one line');
  const siteUrl = env.SITE_URL?.trim();
  return {
    telegram: token ? { apiUrl, token, timeoutMs } : null,
    email: smtpUrl && from ? { smtpUrl, from, timeoutMs } : null,
    siteUrl: siteUrl && originOf(siteUrl) ? siteUrl : null,
    seedRecipients:
      env.LEAD_ALERT_TELEGRAM_CHATS?.trim() || env.LEAD_ALERT_EMAILS?.trim()
        ? { telegramChats: lines(env.LEAD_ALERT_TELEGRAM_CHATS), emails: lines(env.LEAD_ALERT_EMAILS) }
        : null,
  };
}

/**
 * How long a client may take to send one whole request, headers and body (HTTP_REQUEST_TIMEOUT_MS): Node's
 * own 5 minutes let a body sent a byte every few seconds hold a connection that long. A lead is a few
 * hundred bytes; longer than the lead API's own body deadline (10 s), which answers in JSON first.
 */
export const DEFAULT_HTTP_REQUEST_TIMEOUT_MS = 20_000;

export function readHttpRequestTimeoutMs(env: Environment = process.env): number {
  return positiveInt(env.HTTP_REQUEST_TIMEOUT_MS, DEFAULT_HTTP_REQUEST_TIMEOUT_MS);
}

/** TRUST_PROXY: the number of proxy hops to trust; `true` means one. Anything else: none. */
export function readTrustedProxies(value: string | undefined): number {
  const text = value?.trim().toLowerCase();
  if (text === 'true') return 1;
  const hops = Number(text);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

function readHashKeySource(env: Environment): HashKeySource {
  const value = env.ADDRESS_HASH_KEY?.trim();
  if (value) {
    if (value.length < 32) throw new Error('ADDRESS_HASH_KEY must be at least 32 characters (e.g. `openssl rand -hex 32`)');
    return { kind: 'value', value };
  }
  return { kind: 'file', file: path.resolve(/* turbopackIgnore: true */ env.ADDRESS_HASH_KEY_FILE?.trim() || DEFAULT_HASH_KEY_FILE) };
}

export function readDatabaseConfig(env: Environment = process.env): DatabaseConfig {
  const url = env.DATABASE_URL?.trim();
  if (url && /^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  if (url) throw new Error('DATABASE_URL must start with postgres:// (leave it empty for SQLite)');
  // The database file is chosen at run time: tell the bundler's file tracing not to follow it.
  return { dialect: 'sqlite', file: path.resolve(/* turbopackIgnore: true */ env.SQLITE_PATH?.trim() || DEFAULT_SQLITE_PATH) };
}

export function readGetCourseConfig(env: Environment = process.env): GetCourseConfig | null {
  const apiKey = env.GETCOURSE_API_KEY?.trim();
  const account = env.GETCOURSE_ACCOUNT?.trim();
  const explicitBase = env.GETCOURSE_BASE_URL?.trim();
  if (!apiKey || !(account || explicitBase)) return null;
  const baseUrl = (explicitBase || `https://${account}.getcourse.ru`).replace(/\/+$/, '');
  if (!isHttpsOrLoopback(baseUrl)) {
    throw new Error('GETCOURSE_BASE_URL must be an https:// address (plain http only to this machine, for tests)');
  }
  return { baseUrl, apiKey, timeoutMs: readGetCourseTimeoutMs(env) };
}

export function readGetCourseTimeoutMs(env: Environment = process.env): number {
  return positiveInt(env.GETCOURSE_TIMEOUT_MS, DEFAULT_GETCOURSE_TIMEOUT_MS);
}

/** The API key and the leads travel to GetCourse: only over TLS, or to a fake on this very machine. */
function isHttpsOrLoopback(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    if (protocol === 'https:') return true;
    return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
  } catch {
    return false;
  }
}

function lines(value: string | undefined): string {
  return (value ?? '')
    .split(/[,\s]+/)
    .filter(Boolean)
    .join('\n');
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
