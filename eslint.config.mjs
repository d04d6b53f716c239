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
    // The public site navigates with plain <a href> on purpose: next/link would prefetch every link in view
    // (dozens of RSC requests a page on a phone's data plan) and ship its client code before first paint.
    // The console under /admin keeps next/link for its client-side navigation.
    files: ['app/**', 'components/**', 'features/**'],
    ignores: ['app/admin/**', 'features/admin/**'],
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
  {
    // Playwright fixtures call their callback `use`, which the React hooks rule takes for React's use().
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
]);
