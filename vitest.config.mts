import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: [
      '{lib,features,server,content,components,app,scripts,deploy}/**/*.test.{ts,tsx}',
      'tests/support/**/*.test.ts',
      'tests/content/**/*.test.ts',
      'tests/lint/**/*.test.ts',
      'tests/docs/**/*.test.ts',
      'bench/*.test.ts',
    ],
    environment: 'node',
    // Files run side by side: each integration suite has its own SQLite file or PostgreSQL schema
    // (server/testing/databases.ts), and the fakes listen on ports of their own. Three workers on two
    // cores: most integration tests wait on sockets and timers, not on the processor.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
