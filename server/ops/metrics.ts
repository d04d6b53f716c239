/**
 * Prometheus metrics (`GET /api/metrics`). Lead counters belong to this process (each instance is its
 * own series, as Prometheus expects); the delivery gauges are read from the shared database at each
 * scrape, so every instance reports the same queue. No label ever holds personal data.
 */
import type { GetCourseCallFailure } from '@/lib/outbox-failures';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AlertQueueHealth } from '../repositories/alert-queue';
import type { QueueSnapshot } from '../repositories/delivery-queue';
import type { Repositories } from '../repositories';
import { renderVitals } from './vitals-exposition';

export type LeadRoute = 'leads' | 'ids';
/** Why the lead API said no (or, for spam, said yes and stored nothing to deliver). */
export const REFUSAL_REASONS = ['foreign_origin', 'invalid', 'rate_limited', 'shed', 'spam', 'unavailable'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

interface ProcessMetrics {
  registry: Registry;
  accepted: Counter<'route'>;
  withheld: Counter<'route'>;
  replayed: Counter<'route'>;
  refused: Counter<'route' | 'reason'>;
  getCourseCallSeconds: Histogram<'endpoint'>;
  getCourseErrors: Counter<'endpoint' | 'kind'>;
  cspReports: Counter<'directive' | 'disposition'>;
}

// Next.js bundles each route separately: one registry a process lives on globalThis, like the runtime.
const stateKey = Symbol.for('school-site.metrics');
const globalState = globalThis as Record<symbol, ProcessMetrics | undefined>;

function processMetrics(): ProcessMetrics {
  return (globalState[stateKey] ??= createProcessMetrics());
}

function createProcessMetrics(): ProcessMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    accepted: new Counter({ name: 'school_leads_accepted_total', help: 'Leads stored by this instance (a new lead each).', labelNames: ['route'], registers }),
    withheld: new Counter({
      name: 'school_leads_withheld_total',
      help: 'Of the leads stored by this instance, those held back as a flood («Похоже на спам») until an operator releases or deletes them.',
      labelNames: ['route'],
      registers,
    }),
    replayed: new Counter({
      name: 'school_leads_replayed_total',
      help: 'Requests answered from an earlier lead with the same idempotency key (nothing stored).',
      labelNames: ['route'],
      registers,
    }),
    refused: new Counter({
      name: 'school_leads_refused_total',
      help: 'Lead requests refused by this instance, by reason (spam is answered 200 but never delivered).',
      labelNames: ['route', 'reason'],
      registers,
    }),
    getCourseCallSeconds: new Histogram({
      name: 'school_getcourse_call_duration_seconds',
      help: 'Time of one GetCourse import call, answered or not (a timeout counts its whole wait).',
      labelNames: ['endpoint'],
      // GETCOURSE_TIMEOUT_MS is 10 s by default: the last buckets hold the calls that waited it out.
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers,
    }),
    getCourseErrors: new Counter({
      name: 'school_getcourse_errors_total',
      help: 'GetCourse import calls that failed, by kind: timeout, network, http_4xx, http_5xx, not_json (an answer that is not JSON), refused (GetCourse said no).',
      labelNames: ['endpoint', 'kind'],
      registers,
    }),
    cspReports: new Counter({
      name: 'school_csp_reports_total',
      help: 'Content Security Policy violations browsers reported to /api/csp-report, by directive and disposition (enforce: blocked; report: report-only).',
      labelNames: ['directive', 'disposition'],
      registers,
    }),
  };
}

export const leadMetrics = {
  accepted: (route: LeadRoute) => processMetrics().accepted.inc({ route }),
  withheld: (route: LeadRoute) => processMetrics().withheld.inc({ route }),
  replayed: (route: LeadRoute) => processMetrics().replayed.inc({ route }),
  refused: (route: LeadRoute, reason: RefusalReason) => processMetrics().refused.inc({ route, reason }),
};

/** A failed call's kind: the code its delivery stores too (lib/outbox-failures.ts). */
export type GetCourseErrorKind = GetCourseCallFailure;

export const getCourseMetrics = {
  /** One finished call (answered or not) and, when it failed, why. */
  call(endpoint: string, seconds: number, error: GetCourseErrorKind | null) {
    const metrics = processMetrics();
    metrics.getCourseCallSeconds.observe({ endpoint }, seconds);
    if (error) metrics.getCourseErrors.inc({ endpoint, kind: error });
  },
};

export const cspMetrics = {
  report: (directive: string, disposition: string) => processMetrics().cspReports.inc({ directive, disposition }),
};

function queueRegistry(snapshot: QueueSnapshot): Registry {
  const registry = new Registry();
  const deliveries = new Gauge({
    name: 'school_outbox_deliveries',
    help: 'GetCourse deliveries in the shared database by state (sent ones are not counted).',
    labelNames: ['state'],
    registers: [registry],
  });
  for (const [state, count] of Object.entries(snapshot.deliveries)) deliveries.set({ state }, count);
  new Gauge({
    name: 'school_outbox_oldest_waiting_age_seconds',
    help: 'Age of the oldest delivery not sent yet (waiting, retrying or being sent; dead ones excluded); 0 when none.',
    registers: [registry],
  }).set(snapshot.oldestWaitingSeconds);
  return registry;
}

/** The managers' lead alerts not sent yet and those given up on, by channel. */
function alertsRegistry(health: AlertQueueHealth): Registry {
  const registry = new Registry();
  const gauge = new Gauge({
    name: 'school_lead_alerts',
    help: 'Lead alerts to the sales managers (Telegram, e-mail) in the shared database: waiting (held for working hours, retrying or being sent) and dead (every attempt failed), by channel for the dead.',
    labelNames: ['state', 'channel'],
    registers: [registry],
  });
  gauge.set({ state: 'waiting', channel: 'all' }, health.waiting);
  gauge.set({ state: 'dead', channel: 'telegram' }, health.deadByChannel.telegram);
  gauge.set({ state: 'dead', channel: 'email' }, health.deadByChannel.email);
  return registry;
}

/** Payment reports the site could not match, and the export reconciliation's last runs. */
async function dealsRegistry(unmatched: Repositories['dealUnmatchedCallbacks'], reconciliation: Repositories['dealReconciliation']): Promise<Registry> {
  const registry = new Registry();
  new Gauge({ name: 'school_deal_callbacks_unmatched', help: 'Deal numbers GetCourse reported that the site never sent.', registers: [registry] }).set(
    await unmatched.count(),
  );
  const state = await reconciliation.state();
  const seconds = (at: number | null) => (at === null ? 0 : at / 1000);
  new Gauge({
    name: 'school_reconcile_last_success_timestamp_seconds',
    help: 'When the GetCourse export reconciliation last succeeded (0: never).',
    registers: [registry],
  }).set(seconds(state.lastSuccessAt));
  new Gauge({
    name: 'school_reconcile_last_failure_timestamp_seconds',
    help: 'When the GetCourse export reconciliation last failed (0: never).',
    registers: [registry],
  }).set(seconds(state.lastFailureAt));
  return registry;
}

/** The whole exposition: this process's counters and defaults, and the queue as the database has it. */
export async function renderMetrics(
  repos: Pick<Repositories, 'deliveryQueue' | 'alertQueue'> & Partial<Pick<Repositories, 'dealUnmatchedCallbacks' | 'dealReconciliation' | 'vitals'>>,
  now: number,
): Promise<{ contentType: string; body: string }> {
  const registries = [
    processMetrics().registry,
    queueRegistry(await repos.deliveryQueue.queueSnapshot(now)),
    alertsRegistry(await repos.alertQueue.health(now)),
  ];
  if (repos.dealUnmatchedCallbacks && repos.dealReconciliation) registries.push(await dealsRegistry(repos.dealUnmatchedCallbacks, repos.dealReconciliation));
  const merged = Registry.merge(registries);
  // The field vitals are histograms the database already holds: written as text, prom-client cannot load counts.
  const vitals = repos.vitals ? await renderVitals(repos.vitals, now) : '';
  return { contentType: merged.contentType, body: (await merged.metrics()) + vitals };
}
