import { defineConfig } from 'vitest/config';
import path from 'node:path';

/** Pure tests (no database, server, process or environment of their own): they share their worker's modules. */
const sharedModules = ['{lib,features,components,content,app}/**/*.test.{ts,tsx}'];

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    environment: 'node',
    // Files run side by side: each integration suite has its own SQLite file or PostgreSQL schema
    // (server/testing/databases.ts), and the fakes listen on ports of their own. Three workers on two
    // cores: most integration tests wait on sockets and timers, not on the processor.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Not isolated: a worker imports React, zod and the content once for all its files instead of once a
        // file, two thirds of these files' time. So a test here restores what it fakes (timers, globals, env).
        test: { name: 'unit', include: sharedModules, isolate: false },
      },
      {
        extends: true,
        // Each file in a fresh module graph: these open databases and servers, start workers, spawn tools.
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
