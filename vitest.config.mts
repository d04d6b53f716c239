import { defineConfig } from 'vitest/config';
import path from 'node:path';

/** Pure tests: no database, server, process or environment of their own. */
const pureTests = ['{lib,features,components,content,app}/**/*.test.{ts,tsx}'];

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // One stand-in for every file, where each used to mock it (tests/support/server-only.ts says why).
      'server-only': path.resolve(import.meta.dirname, 'tests/support/server-only.ts'),
    },
  },
  test: {
    environment: 'node',
    // Files run side by side: each integration suite has its own SQLite file or PostgreSQL schema
    // (server/testing/databases.ts), and the fakes listen on ports of their own. Three workers on two
    // cores: most integration tests wait on sockets and timers, not on the processor.
    maxWorkers: 3,
    // Not isolated: a worker imports React, zod, the content and the server's modules once for all its files
    // instead of once a file. Isolated, those imports took a third of the stage (181 s -> 125 s on two cores,
    // 2026-12-07). So a file leaves the process as it found it: it restores what it fakes (timers, globals,
    // env), closes its servers, and imports no module that changes the process on import
    // (server/http/stamp-before-listen.ts). Files run in any order: `--sequence.shuffle.files` checks it.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: pureTests },
      },
      {
        extends: true,
        // These open databases and servers, start workers, spawn tools.
        test: {
          name: 'integration',
          include: [
            '{server,scripts,deploy}/**/*.test.{ts,tsx}',
            'tests/support/**/*.test.ts',
            'tests/content/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/docs/**/*.test.ts',
            'bench/*.test.ts',
          ],
        },
      },
    ],
  },
});
