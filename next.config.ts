import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { missingSiteUrlWarning, siteUrlFrom } from './lib/site-url';
import { buildIdFor } from './server/build-id';
import { assertProductionSettings } from './server/production-settings';

/**
 * The gift page's secret segment: GIFT_POPUP_TOKEN (required for a public build), or, for a local build
 * without it, one derived from this machine and checkout: the same on every build here, so a link sent
 * around keeps working, and at no address anyone could read in this repository.
 */
const giftPopupToken =
  process.env.GIFT_POPUP_TOKEN?.trim() || `local-${createHash('sha256').update(`${os.hostname()}\n${process.cwd()}`).digest('hex').slice(0, 12)}`;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Behind nginx an instance is asked for identity and nginx compresses (deploy/nginx-site.conf), so Node
  // never does there. NEXT_COMPRESS=off has an instance without nginx in front answer the same way: the
  // test stacks set it (e2e/support/env.ts, tests/support/next-server.ts), where gzip made each script of
  // each visit cost the server 7.3 ms of processor instead of 2.4 ms.
  compress: process.env.NEXT_COMPRESS !== 'off',
  // `npm run dev` opened at http://127.0.0.1:3000 as well as http://localhost:3000: Next blocks its dev
  // resources (hot reload, chunks) for any other origin, and the page then never becomes interactive.
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  reactStrictMode: true,
  // Several instances behind a load balancer run the standalone output (docs/operations.md, "Several instances").
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // The database's folder is the running site's, never the build's: a marker or database a local run
  // left there would otherwise be traced into the standalone output and refuse the deployed start.
  outputFileTracingExcludes: { '*': ['data/**'] },
  // One id for every build of a commit (BUILD_ID or the checkout's commit): instances of a deploy agree,
  // and a page of the previous deploy reloads in full on its next navigation instead of mixing builds.
  generateBuildId: () => buildIdFor(process.env),
  // Lets parallel builds (a second checkout's e2e run, a benchmark) use their own folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['better-sqlite3', 'pg', 'typograf'],
  // The proxy's rewrites (a page under test to its variant, server/page-tests/proxy-step.ts) must stay inside
  // the instance. By default Next.js hands the proxy the request's address with 127.0.0.1 turned into
  // `localhost`, while its router compares a rewrite with the address it listens on (HOSTNAME=127.0.0.1,
  // deploy/site@.service): the two differ, so the rewrite is sent out as a request to another server,
  // `https://` behind nginx (X-Forwarded-Proto), to the instance's plain HTTP port, and every visitor of a
  // running page test got a 500 (vercel/next.js#94745). Left as it came, the address is the router's own.
  skipProxyUrlNormalize: true,
  // `npm test` checks the types of the whole project (tests included) before it builds, and says so with
  // TYPES_CHECKED=1 only when that check passed: the build's own check of the same files was a twin
  // (25-40 s of the test command). Every other build, the deploy's included, checks them.
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED === '1' },
  experimental: {
    // Turbopack keeps its work in the build folder for the next build (the default since 16.4). A CI run
    // builds a fresh clone once and throws the folder away: there, writing it is only time (20 s).
    turbopackFileSystemCacheForBuild: process.env.CI !== 'true',
    // The console's Server Actions run for a page of SITE_URL's host, or of the request's Host (nginx sets
    // it). Next.js would also take an X-Forwarded-Host, which a client can write: the web process drops
    // that header before Next.js sees it (server/http/request-stamp.ts).
    serverActions: { allowedOrigins: [new URL(siteUrlFrom({ SITE_URL: process.env.SITE_URL })).host] },
  },
  compiler: {
    // The gift page's secret segment (content/courses/gift-popup.ts), fixed at build time for server code
    // only: the pre-rendered token page and the lead API's form registry (`course-junior-js-{token}`) agree
    // even when `next start` runs without the variable. Never `env`: that would put it in browser scripts.
    // The test-only content flag (content/courses/fixtures.ts) is fixed the same way, so the lead API's
    // form registry at `next start` knows exactly the pages the build rendered.
    defineServer: {
      'process.env.GIFT_POPUP_TOKEN': giftPopupToken,
      'process.env.CONTENT_FIXTURES': process.env.CONTENT_FIXTURES?.trim() ?? '',
    },
  },
  images: {
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
    formats: ['image/webp'],
  },
  async rewrites() {
    return {
      // The spec's image call is `GET /_next/image` with `url`, `w` and `q` (default 75); Next.js 16 refuses one
      // without `q` (400 «"q" parameter (quality) is required»). Before the router takes the optimiser's
      // path, a request without it gets the spec's default; one that names another quality is still refused.
      beforeFiles: [{ source: '/_next/image', missing: [{ type: 'query', key: 'q' }], destination: '/_next/image?q=75' }],
    };
  },
  async headers() {
    return [
      {
        source: '/:path*',
        // The Content Security Policy is sent by proxy.ts: its mode and tag hosts are read when the server starts.
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
          // Browsers ignore HSTS over plain http (local runs), so it can be sent always; no `preload`:
          // that is the school's decision to make for its domain. Behind deploy/nginx-site.conf, nginx
          // (which holds the certificate) sends the same header itself and drops this one: one, not two.
          { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
          // Windows we open (a native gift form's payment tab) get no handle on this page, nor it on them.
          { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
        ],
      },
      {
        // The operator console: never indexed; its pages are dynamic, so Next.js already sends
        // `Cache-Control: private, no-store` for them.
        source: '/admin/:path*',
        headers: [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }],
      },
    ];
  },
};

/**
 * The content check (scripts/check-content.ts, `npm run check`) in its own process, with the condition
 * pages render under; on a problem it has printed the Russian list, and the build stops there, before
 * anything is compiled and without a stack trace around it. Next.js loads this file again in its build
 * workers, which inherit the environment: the check runs once a build.
 */
function checkContentOrStop(): void {
  if (process.env.CONTENT_CHECKED_FOR_BUILD === '1') return;
  const check = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=react-server', 'scripts/check-content.ts'], { stdio: 'inherit' });
  if (check.status !== 0) process.exit(check.status ?? 1);
  process.env.CONTENT_CHECKED_FOR_BUILD = '1';
}

/**
 * At `next build`: a build for a public address stops when a setting it needs is missing (see the
 * module); a build without SITE_URL says loudly that its links will point at localhost; broken content
 * stops it with the content check's Russian list.
 */
export default function config(phase: string): NextConfig {
  if (phase === PHASE_PRODUCTION_BUILD) {
    assertProductionSettings(process.env);
    const warning = missingSiteUrlWarning({ SITE_URL: process.env.SITE_URL });
    if (warning) console.warn(`\n${warning}\n`);
    checkContentOrStop();
  }
  return nextConfig;
}
