import type { GetCourseConfig, LeadLimits } from '../config';
import type { ApiRuntime } from '../http/handlers';
import type { Logger } from '../log';
import { createDeliveryWorker, type DeliveryWorkerOptions } from '../deliveries/delivery-handler';
import type { Repositories } from '../repositories';

/** A logger that drops every line. */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A logger that keeps every line, as JSON text, to look for an event or for personal data in them. */
export function capturingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (event: string, fields?: object) => void lines.push(JSON.stringify({ level, event, ...fields }));
  return { lines, info: write('info'), warn: write('warn'), error: write('error') };
}

/** Lead limits no test reaches: no refusal, no shedding, nothing held back as a flood (the tests of those set their own). */
export const limitsNoTestReaches: LeadLimits = {
  perAddressPerMinute: 1000,
  perEmailPerHour: 1000,
  pressurePerMinute: 1000,
  hold: { perAddress: 1000, perNetwork: 1000 },
};

/** What the route handlers run on in a test: limits no test reaches, nothing behind onQueued; override any field. */
export function testApiRuntime(repos: Repositories, overrides: Partial<ApiRuntime> = {}): ApiRuntime {
  return {
    config: { limits: limitsNoTestReaches, siteOrigin: null },
    hashKey: 'test-hash-key-'.repeat(3),
    repos,
    onQueued: () => undefined,
    log: silentLogger,
    ...overrides,
  };
}

/** The GetCourse delivery worker against a fake GetCourse, polling fast; override any option. */
export function testDeliveryWorker(
  repos: Repositories,
  getCourse: Pick<GetCourseConfig, 'baseUrl' | 'timeoutMs'>,
  overrides: Partial<DeliveryWorkerOptions> = {},
) {
  return createDeliveryWorker({
    repos,
    getCourse: { ...getCourse, apiKey: 'test-api-key' },
    pollMs: 20,
    batchSize: 10,
    // A failed delivery is due again at once: the next runOnce() takes it, however fast the machine.
    retry: { baseMs: 0, maxMs: 0, maxAttempts: 5 },
    log: silentLogger,
    ...overrides,
  });
}
