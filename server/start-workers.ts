import { createAlertWorker } from './alerts/alert-handler';
import { createAutopilotJob } from './autopilot/autopilot-job';
import { createExperimentsPort } from './autopilot/experiments-port';
import { createJoinWatcher } from './alerts/join-watcher';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/connection';
import { consoleLogger, type Logger } from './log';
import { createDeliveryWorker } from './deliveries/delivery-handler';
import { createRetentionJob } from './privacy/retention-job';
import type { Repositories } from './repositories';
import { createSplitTestVerdictJob } from './experiments/verdict-job';

export interface Workers {
  /** Looks for due rows now instead of at the next poll (a lead was just accepted). */
  wake(): void;
  /** Claims nothing more and lets what is under way finish: the sends (bounded by their claims) and a retention run. */
  stop(): Promise<void>;
}

/**
 * Everything a process runs in the background, started together by the web process (unless
 * OUTBOX_WORKER=off) and by `npm run worker`: the two queues of the outbox, each worked by a queue
 * worker of its own so neither waits for the other (GetCourse deliveries, the managers' lead alerts),
 * the retention job (personal data, field vitals), the bot's reading of `/start <code>` while a
 * manager's join link is open (server/alerts/join-watcher.ts), and the split tests' verdicts (announced
 * once, the winner kept where the test was started so), and the tests' autopilot (server/autopilot/: its
 * queue's tests looked at, ended and started, its weekly message). It alone imports their handlers, which stand
 * on the generic workers of server/jobs/: the jobs know none of them.
 */
export function startWorkers(
  { config, repos, database }: { config: ServerConfig; repos: Repositories; database: DatabaseHandle },
  log: Logger = consoleLogger,
): Workers {
  const { pollMs, batchSize, retry } = config.worker;
  const deliveries = createDeliveryWorker({ repos, getCourse: config.getCourse, pollMs, batchSize, retry, log });
  const alerts = createAlertWorker({ repos, config: config.alerts, pollMs, retry, log });
  const retention = createRetentionJob({ repos, policy: config.retention, log });
  const joins = createJoinWatcher({ repos, config: config.alerts, pollMs, log });
  const verdicts = createSplitTestVerdictJob({ repos, alerts: config.alerts, log });
  const autopilot = createAutopilotJob({
    repos,
    database,
    port: createExperimentsPort({ repos, database }),
    alerts: config.alerts,
    everyMs: config.worker.autopilotEveryMs,
    log,
  });
  const all = [deliveries, alerts, retention, joins, verdicts, autopilot];
  for (const worker of all) worker.start();
  return {
    wake() {
      deliveries.wake();
      alerts.wake();
    },
    async stop() {
      await Promise.all(all.map((worker) => worker.stop()));
    },
  };
}
