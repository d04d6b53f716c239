/**
 * Tags the marketing team adds through the tag manager, under the Content Security Policy, in real
 * Chromium. The tag manager's container is faked (the test has no internet): it injects Yandex
 * Metrika's `tag.js` and a script from a host nobody listed. Chromium enforces the policy the server
 * sent whatever answers the requests, so what loads, what is blocked and what is reported is the
 * browser's verdict. One build, two servers: the default (enforce) and CSP_MODE=report-only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseExposition } from '../server/testing/prometheus-text';
import { startNextServer, type NextServer } from '@/tests/support/next-server';
import { e2eEnv, e2ePort } from './support/env';
import { expect, test } from './support/fixtures';

const METRIKA_TAG = 'https://mc.yandex.ru/metrika/tag.js';
const UNLISTED_TAG = 'https://evil.example/x.js';
const METRICS_TOKEN = 'e2e-csp-metrics-token';

/** What the fake container does: load both tags the way GTM's custom HTML tags do, with a script element. */
const fakeContainer = `for (const src of ${JSON.stringify([METRIKA_TAG, UNLISTED_TAG])}) {
  const script = document.createElement('script');
  script.src = src;
  document.head.appendChild(script);
}`;

interface Seen {
  ran: { metrika?: boolean; unlisted?: boolean };
  violations: { blockedURI: string; effectiveDirective: string; disposition: string }[];
}

async function openWithTags(page: Page, baseUrl: string): Promise<() => Promise<Seen>> {
  await page.addInitScript(() => {
    const seen = { ran: {}, violations: [] as unknown[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.violations.push({ blockedURI: event.blockedURI, effectiveDirective: event.effectiveDirective, disposition: event.disposition });
    });
  });
  await page.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: fakeContainer }));
  await page.route('https://mc.yandex.ru/**', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__seen.ran.metrika = true;' }));
  await page.route('https://evil.example/**', (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.__seen.ran.unlisted = true;' }));
  await page.goto(`${baseUrl}/`);
  return () => page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);
}

/** How many violations of script-src-elem with that disposition the server has counted (its metrics). */
async function reported(server: NextServer, disposition: 'enforce' | 'report'): Promise<number> {
  const response = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const sample = parseExposition(await response.text()).find(
    (entry) => entry.name === 'school_csp_reports_total' && entry.labels.directive === 'script-src-elem' && entry.labels.disposition === disposition,
  );
  return sample?.value ?? 0;
}

test.describe('third-party tags under the Content Security Policy', () => {
  // One worker for both tests: the two servers are started once, on this run's ports.
  test.describe.configure({ mode: 'serial' });
  const servers: Partial<Record<'enforce' | 'report-only', NextServer>> = {};
  let dir: string;

  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-site-csp-'));
    const modes = ['enforce', 'report-only'] as const;
    await Promise.all(
      modes.map(async (mode, index) => {
        // Ports of this run's range (E2E_PORT + 10, + 11); each server its own database.
        servers[mode] = await startNextServer(e2ePort + 10 + index, {
          ...e2eEnv(),
          SQLITE_PATH: path.join(dir, `${mode}.db`),
          CSP_MODE: mode,
          METRICS_TOKEN,
        });
      }),
    );
  });

  test.afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.kill('SIGTERM')));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('enforcing: Metrika loaded through GTM runs, a script from an unlisted host is blocked and reported', async ({ page }) => {
    const server = servers.enforce!;
    const before = await reported(server, 'enforce');
    const seen = await openWithTags(page, server.url);
    await expect.poll(async () => (await seen()).ran.metrika).toBe(true);
    await expect
      .poll(async () => (await seen()).violations)
      .toContainEqual({ blockedURI: UNLISTED_TAG, effectiveDirective: 'script-src-elem', disposition: 'enforce' });
    await expect.poll(() => reported(server, 'enforce')).toBeGreaterThan(before);
    const { ran, violations } = await seen();
    expect(ran.unlisted).toBeUndefined();
    expect(violations.filter((violation) => violation.blockedURI.startsWith('https://mc.yandex.ru'))).toEqual([]);
  });

  test('report-only: the unlisted script runs and is reported, so a new tag is tried before it is allowed', async ({ page }) => {
    const server = servers['report-only']!;
    const answer = await fetch(`${server.url}/`);
    expect(answer.headers.get('content-security-policy')).toBeNull();
    expect(answer.headers.get('content-security-policy-report-only')).toContain('report-uri /api/csp-report');
    const before = await reported(server, 'report');
    const seen = await openWithTags(page, server.url);
    await expect.poll(async () => (await seen()).ran).toEqual({ metrika: true, unlisted: true });
    await expect
      .poll(async () => (await seen()).violations)
      .toContainEqual({ blockedURI: UNLISTED_TAG, effectiveDirective: 'script-src-elem', disposition: 'report' });
    await expect.poll(() => reported(server, 'report')).toBeGreaterThan(before);
    expect((await seen()).violations.filter((violation) => violation.blockedURI.startsWith('https://mc.yandex.ru'))).toEqual([]);
  });
});
