import { readServerConfig, type ServerConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { loadHashKey } from './leads/hash-key';
import type { ApiRuntime } from './http/handlers';
import { consoleLogger, errorKind } from './log';
import { OutboxWorker } from './outbox/worker';
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
  return { config, database, repos: createRepositories(database), hashKey };
}

export async function getApiRuntime(): Promise<ApiRuntime> {
  const { config, repos, hashKey } = await getServerRuntime();
  return { config, repos, hashKey, onQueued: () => state.worker?.wake() };
}

export function createWorker(runtime: ServerRuntime): OutboxWorker {
  const { config, repos, database } = runtime;
  return new OutboxWorker({ repos, getCourse: config.getCourse, ...config.worker, retention: { database, policy: config.retention } });
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
    // Next.js closes the server on these signals; stop claiming new rows meanwhile. A delivery cut
    // short by the exit is taken over after its claim expires, and GetCourse dedupes it by deal number.
    const stop = () => void worker.stop();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (error) {
    consoleLogger.error('server.start_failed', { error: errorKind(error), retryInMs: START_RETRY_MS });
    setTimeout(() => void startInProcess(), START_RETRY_MS).unref();
  }
}
