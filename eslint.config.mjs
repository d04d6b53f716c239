import fs from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** Every React, React hooks and JSX accessibility rule the Next.js configurations switch on. */
const reactRules = [...nextVitals, ...nextTs].flatMap((config) =>
  Object.keys(config.rules ?? {}).filter((rule) => /^(react|react-hooks|jsx-a11y)\//.test(rule)),
);

/**
 * The layers (docs/architecture.md): app -> features -> components, content, server -> lib. Imports run
 * one way; each zone says where the code belongs instead.
 */
const below = (layer, ...forbidden) => ({
  target: `./${layer}`,
  from: forbidden.map((folder) => `./${folder}`),
});
const layerZones = [
  {
    ...below('lib', 'app', 'features', 'components', 'content', 'server'),
    message: 'lib/ is the bottom layer (pure helpers and the contracts browser and server share): move what it needs into lib/, or pass it in.',
  },
  {
    ...below('components', 'app', 'features', 'server'),
    message: 'components/ are small UI parts that know no feature and no server: give them props, or move the code into features/.',
  },
  {
    ...below('content', 'app', 'features', 'components', 'server'),
    message: 'content/ is data: it imports only lib/ and other content. Logic that reads it belongs in features/ or server/.',
  },
  {
    ...below('server', 'app', 'features', 'components'),
    message: 'server/ serves the app: it imports lib/ and content/, never the UI. Move shared types or logic into lib/.',
  },
  { ...below('features', 'app'), message: 'features/ sit below app/: the route composes features, not the other way round.' },
  // Features do not reach into each other: what two of them share moves down into components/ or lib/.
  ...fs
    .readdirSync('features', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      target: `./features/${entry.name}`,
      from: './features',
      except: [`./${entry.name}`],
      message: `features/${entry.name} may not import another feature: move what both need into components/ or lib/, or compose them in app/.`,
    })),
];

/** What only a browser has (or, for fetch, what does I/O): none of it in lib/. */
const browserGlobals = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage', 'fetch', 'XMLHttpRequest'];

const zodPath = {
  name: 'zod',
  message: "Import { z } from '@/lib/validation/zod': zod configured so it never probes eval under the site's CSP.",
  allowTypeImports: true,
};

/**
 * A client component ('use client') runs in the browser: nothing of server/ may reach its bundle, nor the
 * courses' data (content/courses, and content/gift-offer-prices.ts, which loads it): the server looks
 * prices up and hands the browser the figures.
 */
const clientBoundary = {
  rules: {
    'no-server-import': {
      meta: {
        type: 'problem',
        messages: {
          server:
            "A client component ('use client') may not import server code ({{source}}): call a server action or an endpoint, and keep shared types and rules in lib/.",
          courses:
            "A client component ('use client') may not import the courses' data ({{source}}): it would ship every course to the browser. Let the server look the prices up and pass the figures (an endpoint's answer or a prop).",
        },
      },
      create(context) {
        const [first] = context.sourceCode.ast.body;
        if (first?.type !== 'ExpressionStatement' || first.directive !== 'use client') return {};
        const isServer = (source) => /^@\/server(\/|$)/.test(source) || (source.startsWith('.') && /(^|\/)server(\/|$)/.test(source));
        const check = (node) => {
          if (node.importKind === 'type' || node.exportKind === 'type' || !node.source) return;
          if (isServer(node.source.value)) context.report({ node, messageId: 'server', data: { source: node.source.value } });
          else if (/^@\/content\/(courses|gift-offer-prices)$/.test(node.source.value))
            context.report({ node, messageId: 'courses', data: { source: node.source.value } });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: (node) => node.source.type === 'Literal' && check({ source: node.source }),
        };
      },
    },
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['**/.next*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**']),
  {
    // Shipped code only: a test may reach across layers to set up what it checks.
    files: ['{app,features,components,lib,content,server}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { layers: clientBoundary },
    rules: {
      'import/no-restricted-paths': ['error', { zones: layerZones }],
      'layers/no-server-import': 'error',
    },
  },
  {
    // lib/ is pure: helpers both the browser and the server run. What needs the browser lives with the
    // component or feature that runs it (the lead form's network flow: components/lead-form/).
    files: ['lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...browserGlobals.map((name) => ({
          name,
          message: `lib/ is pure (docs/architecture.md): ${name} is the browser's; move the code that needs it into the component or feature that runs it, or pass the value in.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['globalThis', 'self'].flatMap((object) =>
          browserGlobals.map((property) => ({ object, property, message: `lib/ is pure (docs/architecture.md): ${object}.${property} is the browser's.` })),
        ),
      ],
    },
  },
  {
    // The public site navigates with plain <a href> on purpose: next/link would prefetch every link in view
    // (dozens of RSC requests a page on a phone's data plan) and ship its client code before first paint.
    // The console under /admin (its pages, its features and their shared parts) keeps next/link for its client-side navigation.
    files: ['app/**', 'components/**', 'features/**'],
    ignores: ['app/admin/**', 'features/console*/**', 'components/console/**'],
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
  {
    // Zod comes configured for the site's Content Security Policy (lib/validation/zod.ts says why).
    files: ['**/*.{ts,tsx,mts}'],
    ignores: ['lib/validation/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [zodPath] }] },
  },
  {
    // What a visitor's browser may load takes zod's builders by name: `z` carries all of zod into the
    // bundle, its error texts in 40-odd languages included (lib/validation/zod.ts). The console keeps `z`.
    files: ['{app,components,features,lib}/**/*.{ts,tsx}'],
    ignores: ['app/admin/**', 'features/console*/**', 'components/console/**', 'lib/console-content/**', 'lib/validation/zod.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            zodPath,
            {
              name: '@/lib/validation/zod',
              importNames: ['z'],
              message: "Import zod's builders by name (object, string, …) from '@/lib/validation/zod': `z` brings all of zod into a visitor's bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every console action goes through operatorAction: the session, the form read with zod, the write and its
    // audit row in one transaction, an answer in codes. An action file that checks the session itself skips that.
    files: ['features/console*/**/*-actions.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            zodPath,
            {
              name: '@/server/admin/session',
              importNames: ['requireOperator', 'operatorOf'],
              message:
                'A console action is an operatorAction (server/admin/operator-action.ts): it checks the session, writes with its audit row in one transaction and answers in codes.',
            },
          ],
        },
      ],
    },
  },
  {
    // Folders no component or hook can live in (server/ may not import the UI, and the others are tools and
    // tests of plain TypeScript): the React, hooks and accessibility rules have nothing to find there, and
    // the React Compiler's rules cost half of the lint's time compiling every file they see.
    files: ['{server,scripts,tests,e2e,bench,content,deploy}/**/*.ts'],
    rules: Object.fromEntries(reactRules.map((rule) => [rule, 'off'])),
  },
]);
