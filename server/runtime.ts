import { DEFAULT_ALERT_SETTINGS, parseAlertSettings, settingsInput } from './rules/alert-settings';
import { readAlertTimeoutMs, readGetCourseTimeoutMs, readServerConfig, type Environment, type ServerConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/connection';
import { isDatabaseStartRefusal } from './db/database-file';
import { migrateToLatest } from './db/migrate';
import { loadHashKey } from './leads/hash-key';
import { claimLeaseMs } from './jobs/queue-worker';
import { startWorkers, type Workers } from './start-workers';
import { consoleLogger, errorKind } from './log';
import { registerContentSource } from './live-content/live';
import { contentInEffect } from './live-content/load';
import { registerLiveSource } from './page-tests/live';
import { filePopupSeeds } from './popups/seed';
import { createRepositories, type Repositories } from './repositories';
import { pageTests } from './experiments/subjects/page';

export interface ServerRuntime {
  config: ServerConfig;
  database: DatabaseHandle;
  repos: Repositories;
  /** The key of the client-address and e-mail hashes, from the environment or its key file. */
  hashKey: string;
}

/**
 * One database and one set of workers a process. Next.js bundles the instrumentation hook and each route
 * separately, so module-level variables would exist once per bundle: the state lives on globalThis.
 */
interface ProcessState {
  runtime?: Promise<ServerRuntime>;
  workers?: Workers;
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
  // The proxy serves the running page tests' variants from here (server/page-tests/live.ts).
  registerLiveSource(() => pageTests(repos).running(), hashKey, config.pageTestsRefreshMs);
  // ...and the pages with the console's prices, articles and events (server/live-content/).
  registerContentSource((now) => contentInEffect(repos, now), config.contentRefreshMs);
  return { config, database, repos, hashKey };
}

/** LEAD_ALERT_TELEGRAM_CHATS / LEAD_ALERT_EMAILS: the first recipients of a database the console never configured. */
async function seedAlertRecipients(config: ServerConfig, repos: Repositories): Promise<void> {
  const seed = config.alerts.seedRecipients;
  if (!seed) return;
  const parsed = parseAlertSettings({ ...settingsInput(DEFAULT_ALERT_SETTINGS), ...seed });
  if (!parsed.ok) throw new Error(`LEAD_ALERT_TELEGRAM_CHATS / LEAD_ALERT_EMAILS: ${Object.keys(parsed.errors).join(', ')} not valid`);
  if (await repos.settings.seedAlertSettings(parsed.settings))
    consoleLogger.info('alerts.recipients_seeded', { telegram: parsed.settings.telegramChats.length, email: parsed.settings.emails.length });
}

/**
 * The runtime as the public endpoints take it (`ApiRuntime`, server/http/handlers.ts, checked where
 * server/api.ts binds them): the endpoints stand above this file, so it names none of their types.
 */
export async function getApiRuntime() {
  const { config, repos, hashKey } = await getServerRuntime();
  return {
    config,
    repos,
    hashKey,
    onQueued: () => state.workers?.wake(),
  };
}

/**
 * The end of a web instance's work (its graceful stop): the workers claim nothing more and finish the
 * sends they hold while the requests in flight are answered; then the database closes.
 */
export async function stopInProcess(requestsAnswered: Promise<void>): Promise<void> {
  await Promise.all([state.workers?.stop(), requestsAnswered]);
  const runtime = await state.runtime?.catch(() => undefined);
  await runtime?.database.close();
}

/** How long a graceful stop may take: a send cannot outlast its claim (the longer of GetCourse's and the alerts'). */
export function stopGraceMs(env: Environment = process.env): number {
  return claimLeaseMs(Math.max(readGetCourseTimeoutMs(env), readAlertTimeoutMs(env)));
}

const START_RETRY_MS = 5000;

/**
 * Called from `instrumentation.ts` when the web server starts: migrates the database and, unless
 * OUTBOX_WORKER=off, runs the workers in this process (startWorkers). A database that is not reachable
 * yet does not stop the site from starting: the start is retried in the background.
 */
export async function startInProcess(): Promise<void> {
  try {
    const runtime = await getServerRuntime();
    if (runtime.config.worker.mode === 'off' || state.workers) return;
    state.workers = startWorkers(runtime);
  } catch (error) {
    // A refusal's message says, in plain words and with paths only, what the operator has to do.
    const advice = isDatabaseStartRefusal(error) ? error.message : undefined;
    consoleLogger.error('server.start_failed', { error: errorKind(error), retryInMs: START_RETRY_MS, advice });
    setTimeout(() => void startInProcess(), START_RETRY_MS).unref();
  }
}
