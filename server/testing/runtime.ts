import { DEFAULT_RETENTION, type GetCourseConfig } from '../config';
import type { ApiRuntime } from '../http/handlers';
import type { Logger } from '../log';
import { OutboxWorker, type OutboxWorkerOptions } from '../outbox/worker';
import type { Repositories } from '../repositories/types';

/** A logger that drops every line. */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What the route handlers run on in a test: limits no test reaches, nothing behind onQueued; override any field. */
export function testApiRuntime(repos: Repositories, overrides: Partial<ApiRuntime> = {}): ApiRuntime {
  return {
    config: { limits: { perAddressPerMinute: 1000, perEmailPerHour: 1000, ceilingPerMinute: 1000 }, siteOrigin: null },
    hashKey: 'test-hash-key-'.repeat(3),
    repos,
    onQueued: () => undefined,
    log: silentLogger,
    ...overrides,
  };
}

/** The GetCourse delivery worker against a fake GetCourse, polling fast; override any option. */
export function testOutboxWorker(
  repos: Repositories,
  getCourse: Pick<GetCourseConfig, 'baseUrl' | 'timeoutMs'>,
  overrides: Partial<OutboxWorkerOptions> = {},
): OutboxWorker {
  return new OutboxWorker({
    repos,
    getCourse: { ...getCourse, apiKey: 'test-api-key' },
    pollMs: 20,
    batchSize: 10,
    // A failed delivery is due again at once: the next runOnce() takes it, however fast the machine.
    retry: { baseMs: 0, maxMs: 0, maxAttempts: 5 },
    retention: { repos, policy: DEFAULT_RETENTION },
    log: silentLogger,
    ...overrides,
  });
}
