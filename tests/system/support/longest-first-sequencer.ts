import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The system files' order on the stage's workers: the longest first, so no long file starts late and ends
 * the stage alone. A file's length is its last run here (Vitest's own results cache) or, on a fresh clone
 * that has none, its length in the table below; a file in neither starts first, as Vitest runs files it
 * knows nothing of. Ordered by file size instead (Vitest's rule for a fresh clone), alerts.test.ts (61 s, a
 * small file) started at 189 s of a 280 s stage; longest first it starts at 70 s (268 s, 2026-12-07).
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = new Map(files.map((file) => [file, this.lastSeconds(file) ?? typicalSeconds[path.basename(file.moduleId)] ?? Infinity]));
    return [...files].sort((a, b) => seconds.get(b)! - seconds.get(a)!);
  }

  private lastSeconds(file: TestSpecification): number | undefined {
    const result = this.ctx.cache.getFileTestResults(`${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`);
    return result ? result.duration / 1000 : undefined;
  }
}

/**
 * Each file's wall time in a run of the stage on two cores (2026-12-07): only the order is read from it, so a
 * figure that drifts costs a little time, never a result. When a file's time moves a lot, take the new one
 * from the run's report (`test-results/system.json`, each file's end time less its start).
 */
const typicalSeconds: Record<string, number> = {
  'deploy.test.ts': 75,
  'live-content-postgres.test.ts': 67,
  'sign-in-lockout.test.ts': 63,
  'alerts.test.ts': 61,
  'live-content-sqlite.test.ts': 58,
  'database-file.test.ts': 47,
  'crash.test.ts': 37,
  'popup-instances.test.ts': 36,
  'untrusted-clients.test.ts': 33,
  'lead-flood.test.ts': 22,
  'readme-edits.test.ts': 22,
  'internal-pages.test.ts': 21,
  'two-instances.test.ts': 21,
  'alerts-console.test.ts': 16,
  'graceful-stop.test.ts': 14,
  'page-test-instances.test.ts': 12,
  'client-address.test.ts': 11,
  'spec-contract.test.ts': 11,
  'standalone-cli.test.ts': 5,
  'production-build.test.ts': 2,
};
