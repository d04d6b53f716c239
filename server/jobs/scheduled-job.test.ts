import { describe, expect, it } from 'vitest';
import type { LogFields, Logger } from '../log';
import { ScheduledJob } from './scheduled-job';

function recordingLogger() {
  const lines: { level: string; event: string; fields?: LogFields }[] = [];
  const logger: Logger = {
    info: (event, fields) => lines.push({ level: 'info', event, fields }),
    warn: (event, fields) => lines.push({ level: 'warn', event, fields }),
    error: (event, fields) => lines.push({ level: 'error', event, fields }),
  };
  return { lines, logger };
}

describe('ScheduledJob', () => {
  it('logs every run with its counts, and a failed step by name, the steps after it run all the same', async () => {
    const { lines, logger } = recordingLogger();
    let ran = 0;
    const job = new ScheduledJob({
      name: 'cleanup',
      everyMs: 1000,
      log: logger,
      steps: [
        { name: 'broken', run: () => Promise.reject(new Error('disk full')) },
        { name: 'counted', run: async () => ({ deleted: ++ran * 0 }) },
      ],
    });
    await job.runOnce();
    expect(ran).toBe(1);
    expect(lines.map(({ level, event }) => `${level} ${event}`)).toEqual(['info cleanup', 'error cleanup_failed']);
    expect(lines[1]!.fields).toMatchObject({ steps: 'broken' });
  });

  it('with quietWhenIdle says nothing of a run whose counts are all zero, and logs one that did something', async () => {
    const { lines, logger } = recordingLogger();
    let started = 0;
    const job = new ScheduledJob({
      name: 'autopilot',
      everyMs: 1000,
      log: logger,
      quietWhenIdle: true,
      steps: [{ name: 'look', run: async () => ({ started }) }],
    });
    await job.runOnce();
    expect(lines).toEqual([]);
    started = 1;
    await job.runOnce();
    expect(lines).toEqual([{ level: 'info', event: 'autopilot', fields: { started: 1 } }]);
  });
});
