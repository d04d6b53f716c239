import path from 'node:path';

/**
 * The server's settings, read from the environment in one place (secrets come only from there).
 * Pure: takes the environment as an argument so tests can build any configuration.
 */

/** The variables we read (process.env, or any record in tests). */
export type Environment = Record<string, string | undefined>;

export type DatabaseConfig = { dialect: 'postgres'; url: string } | { dialect: 'sqlite'; file: string };

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
  batchSize: number;
  retry: RetryPolicy;
}

export interface ServerConfig {
  database: DatabaseConfig;
  /** Null without an account and key: leads are stored and wait, never dropped. */
  getCourse: GetCourseConfig | null;
  worker: WorkerConfig;
  rateLimitPerMinute: number;
  trustProxy: boolean;
  /** The site's own origin, accepted in `Origin` besides the request's host. */
  siteOrigin: string | null;
}

export const DEFAULT_SQLITE_PATH = './data/site.db';
export const DEFAULT_POLL_MS = 1000;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 30;
export const DEFAULT_GETCOURSE_TIMEOUT_MS = 10_000;
/** 5 s doubling to an hour, 20 attempts: about 11 hours of GetCourse outage before a delivery is dead. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 5000, maxMs: 3_600_000, maxAttempts: 20 };

export function readServerConfig(env: Environment = process.env): ServerConfig {
  return {
    database: readDatabaseConfig(env),
    getCourse: readGetCourseConfig(env),
    worker: {
      mode: env.OUTBOX_WORKER === 'off' ? 'off' : 'inline',
      pollMs: positiveInt(env.OUTBOX_POLL_MS, DEFAULT_POLL_MS),
      batchSize: 10,
      retry: {
        baseMs: positiveInt(env.OUTBOX_RETRY_BASE_MS, DEFAULT_RETRY.baseMs),
        maxMs: DEFAULT_RETRY.maxMs,
        maxAttempts: positiveInt(env.OUTBOX_MAX_ATTEMPTS, DEFAULT_RETRY.maxAttempts),
      },
    },
    rateLimitPerMinute: positiveInt(env.RATE_LIMIT_PER_MINUTE, DEFAULT_RATE_LIMIT_PER_MINUTE),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    siteOrigin: originOf(env.SITE_URL),
  };
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
  return { baseUrl, apiKey, timeoutMs: positiveInt(env.GETCOURSE_TIMEOUT_MS, DEFAULT_GETCOURSE_TIMEOUT_MS) };
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
