import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['**/.next*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**']),
  {
    // One-way imports: lib and components <- features <- app; server is never imported by client code.
    files: ['lib/**', 'components/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*', '@/app/*', '@/server/*'], message: 'lib and components sit below features, app and server.' }] }],
    },
  },
  {
    // Playwright fixtures call their callback `use`, which the React hooks rule takes for React's use().
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
]);
