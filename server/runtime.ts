import { DEFAULT_ALERT_SETTINGS, parseAlertSettings, settingsInput } from './alerts/settings';
import { AlertWorker, alertLeaseMs } from './alerts/worker';
import { readAlertTimeoutMs, readGetCourseTimeoutMs, readServerConfig, type Environment, type ServerConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/connection';
import { isDatabaseStartRefusal } from './db/database-file';
import { migrateToLatest } from './db/migrate';
import { loadHashKey } from './leads/hash-key';
import type { ApiRuntime } from './http/handlers';
import { consoleLogger, errorKind } from './log';
import { claimLeaseMs, OutboxWorker } from './outbox/worker';
import { filePopupSeeds } from './popups/seed';
import { createRepositories } from './repositories';
import type { Repositories } from './repositories/types';

export interface ServerRuntime {
  config: ServerConfig;
  database: DatabaseHandle;
  repos: Repositories;
  /** The key of the client-address and e-mail hashes, from the environment or its key file. */
  hashKey: string;
}

/**
 * One database and one worker a process. Next.js bundles the instrumentation hook and each route
 * separately, so module-level variables would exist once per bundle: the state lives on globalThis.
 */
interface ProcessState {
  runtime?: Promise<ServerRuntime>;
  worker?: OutboxWorker;
  alertWorker?: AlertWorker;
}
const stateKey = Symbol.for('school-site.server-runtime');
const state: ProcessState = ((globalThis as Record<symbol, ProcessState | undefined>)[stateKey] ??= {});

/** Opens the database from the environment and migrates it, once; a failure is retried on the next call. */
export function getServerRuntime(): Promise<ServerRuntime> {
  state.runtime ??= openRuntime().catch((error: unknown) => {
    state.runtime = undefined;
    throw error;
  });
  return state.runtime;
}

async function openRuntime(): Promise<ServerRuntime> {
  const config = readServerConfig();
  const hashKey = loadHashKey(config.hashKey);
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  const repos = createRepositories(database);
  // The pop-ups a deploy brings that the database lacks; what the console changed stays.
  await repos.popups.seed(filePopupSeeds(), Date.now());
  await seedAlertRecipients(config, repos);
  return { config, database, repos, hashKey };
}

/** LEAD_ALERT_TELEGRAM_CHATS / LEAD_ALERT_EMAILS: the first recipients of a database the console never configured. */
async function seedAlertRecipients(config: ServerConfig, repos: Repositories): Promise<void> {
  const seed = config.alerts.seedRecipients;
  if (!seed) return;
  const parsed = parseAlertSettings({ ...settingsInput(DEFAULT_ALERT_SETTINGS), ...seed });
  if (!parsed.ok) throw new Error(`LEAD_ALERT_TELEGRAM_CHATS / LEAD_ALERT_EMAILS: ${Object.keys(parsed.errors).join(', ')} not valid`);
  if (await repos.settings.seedAlertSettings(parsed.settings)) consoleLogger.info('alerts.recipients_seeded', { telegram: parsed.settings.telegramChats.length, email: parsed.settings.emails.length });
}

export async function getApiRuntime(): Promise<ApiRuntime> {
  const { config, repos, hashKey } = await getServerRuntime();
  return {
    config,
    repos,
    hashKey,
    onQueued: () => {
      state.worker?.wake();
      state.alertWorker?.wake();
    },
  };
}

/**
 * The end of a web instance's work (its graceful stop): the worker claims nothing more and finishes the
 * deliveries it holds while the requests in flight are answered; then the database closes.
 */
export async function stopInProcess(requestsAnswered: Promise<void>): Promise<void> {
  await Promise.all([state.worker?.stop(), state.alertWorker?.stop(), requestsAnswered]);
  const runtime = await state.runtime?.catch(() => undefined);
  await runtime?.database.close();
}

/** How long a graceful stop may take: a delivery cannot outlast its claim (OutboxWorker's lease). */
export function stopGraceMs(env: Environment = process.env): number {
  return Math.max(claimLeaseMs(readGetCourseTimeoutMs(env)), alertLeaseMs(readAlertTimeoutMs(env)));
}

export function createWorker(runtime: ServerRuntime): OutboxWorker {
  const { config, repos } = runtime;
  return new OutboxWorker({ repos, getCourse: config.getCourse, ...config.worker, retention: { repos, policy: config.retention } });
}

/** The lead alerts' worker (issue 26): its own loop, so Telegram, mail and GetCourse never wait for each other. */
export function createAlertWorker(runtime: ServerRuntime): AlertWorker {
  const { config, repos } = runtime;
  return new AlertWorker({ repos, config: config.alerts, pollMs: config.worker.pollMs, retry: config.worker.retry });
}

const START_RETRY_MS = 5000;

/**
 * Called from `instrumentation.ts` when the web server starts: migrates the database and, unless
 * OUTBOX_WORKER=off, runs the delivery worker in this process. A database that is not reachable yet
 * does not stop the site from starting: the start is retried in the background.
 */
export async function startInProcess(): Promise<void> {
  try {
    const runtime = await getServerRuntime();
    if (runtime.config.worker.mode === 'off' || state.worker) return;
    const worker = createWorker(runtime);
    state.worker = worker;
    worker.start();
    const alertWorker = createAlertWorker(runtime);
    state.alertWorker = alertWorker;
    alertWorker.start();
  } catch (error) {
    // A refusal's message says, in plain words and with paths only, what the operator has to do.
    const advice = isDatabaseStartRefusal(error) ? error.message : undefined;
    consoleLogger.error('server.start_failed', { error: errorKind(error), retryInMs: START_RETRY_MS, advice });
    setTimeout(() => void startInProcess(), START_RETRY_MS).unref();
  }
}
