import { defineConfig } from 'vitest/config';
import path from 'node:path';
import LongestFirstSequencer from './tests/system/support/longest-first-sequencer';

/**
 * System tests: real `next start` processes of a production build (NEXT_DIST_DIR or .next), a real
 * database and the fake GetCourse, killed and restarted. Run after `next build`:
 *   npx vitest run -c vitest.system.config.mts
 */
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['tests/system/**/*.test.ts'],
    environment: 'node',
    // Files side by side: each starts its own servers on free ports with its own database, and mostly
    // waits for them.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 150_000,
    hookTimeout: 90_000,
  },
});
