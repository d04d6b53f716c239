import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['{lib,features,server,content,components,app,scripts,deploy}/**/*.test.{ts,tsx}', 'tests/support/**/*.test.ts', 'tests/content/**/*.test.ts', 'tests/lint/**/*.test.ts'],
    environment: 'node',
    // Integration tests share one PostgreSQL database: run files one at a time.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
