import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startFakeGetCourse, type FakeGetCourse } from '@/tests/support/fake-getcourse';
import { assertBuilt, type NextServer } from '@/tests/support/next-server';
import { testScratchRoot } from '@/server/testing/scratch';

export interface SystemSuite {
  /** The fake GetCourse every server of the suite delivers to. */
  gc: FakeGetCourse;
  /** A scratch folder for the suite's databases (memory-backed where the machine has one: server/testing/scratch.ts). */
  dir: string;
  /** Servers the suite started: killed after it, whatever state a failed test left them in. */
  servers: NextServer[];
}

/** What a system suite needs around its servers, set up before it and torn down after it. */
export function systemSuite(name: string): SystemSuite {
  const suite = { servers: [] } as unknown as SystemSuite;
  beforeAll(async () => {
    assertBuilt();
    suite.gc = await startFakeGetCourse();
    suite.dir = fs.mkdtempSync(path.join(testScratchRoot(), `school-site-${name}-`));
  });
  afterAll(async () => {
    await Promise.all(suite.servers.map((server) => server.kill('SIGKILL')));
    await suite.gc?.close();
    if (suite.dir) fs.rmSync(suite.dir, { recursive: true, force: true });
  });
  return suite;
}
