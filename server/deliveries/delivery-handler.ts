import type { GetCourseConfig, WorkerConfig } from '../config';
import { claimLeaseMs, QueueWorker, type QueueHandler, type QueueJob, type QueueWorkerOptions } from '../jobs/queue-worker';
import { errorKind } from '../log';
import type { OutboxClaim } from '../repositories/outbox-rows';
import type { Repositories } from '../repositories';
import { deliver } from './deliver';

export interface DeliveryWorkerOptions extends Pick<WorkerConfig, 'batchSize'>, QueueWorkerOptions {
  repos: Repositories;
  /** Null: GetCourse is not configured; deliveries stay pending (never dropped) and nothing is sent. */
  getCourse: GetCourseConfig | null;
}

/** One delivery: one row, one call to GetCourse. */
interface DeliveryJob extends QueueJob {
  claim: OutboxClaim;
}

/**
 * The GetCourse deliveries (rows of the `outbox` table): each pass claims up to a batch of due rows and sends them side
 * by side, one function a kind (deliver.ts).
 */
export function deliveryHandler({
  repos,
  getCourse,
  batchSize,
}: Pick<DeliveryWorkerOptions, 'repos' | 'getCourse' | 'batchSize'>): QueueHandler<OutboxClaim, DeliveryJob> {
  const leaseMs = claimLeaseMs(getCourse?.timeoutMs);
  return {
    name: 'deliveries',
    results: repos.deliveryQueue,
    configured: getCourse !== null,
    describe: { configured: getCourse !== null },
    batchSize,
    due: (now) => repos.deliveryQueue.claimDue({ now, limit: batchSize, leaseMs }),
    claim: (claim) =>
      Promise.resolve({
        claim,
        claims: [claim],
        logFields: { outboxId: claim.id, kind: claim.kind, leadId: claim.leadId, attempts: claim.attempts, dealNumber: claim.dealNumber },
      }),
    async send({ claim }) {
      try {
        return await deliver(claim, { repos, getCourse: getCourse! });
      } catch (error) {
        return { ok: false, code: 'crashed', detail: errorKind(error) };
      }
    },
    async unconfigured() {
      const counts = await repos.deliveryQueue.countByStatus();
      return { message: 'GETCOURSE_ACCOUNT/GETCOURSE_API_KEY are not set: deliveries are kept and wait', waiting: counts.pending + counts.sending };
    },
  };
}

/** The GetCourse delivery worker: in the web process or `npm run worker`, any number sharing the database. */
export function createDeliveryWorker(options: DeliveryWorkerOptions): QueueWorker<OutboxClaim, DeliveryJob> {
  return new QueueWorker(deliveryHandler(options), options);
}
