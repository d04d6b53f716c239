import { beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '../leads/client-address';
import { handleMetrics } from './metrics';
import { describeEachDatabase } from '../testing/databases';
import { parseExposition } from '../testing/prometheus-text';
import { testApiRuntime } from '../testing/runtime';
import { CSP_REPORTS_PER_MINUTE, handleCspReport, parseCspReport } from './csp-report';
import type { ApiRuntime } from './handlers';

const site = 'http://school.test';

/** What Chromium sends to `report-uri` when a tag from an unlisted host is blocked. */
const reportUri = (blocked: string, disposition = 'enforce') => ({
  'csp-report': {
    'document-uri': 'http://school.test/courses/junior?email=anna%40mail.ru',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; report-uri /api/csp-report",
    disposition,
    'blocked-uri': blocked,
    'status-code': 200,
    'script-sample': '',
  },
});

function post(body: string, contentType = 'application/csp-report', address = '203.0.113.7') {
  return new Request(`${site}/api/csp-report`, {
    method: 'POST',
    headers: { 'content-type': contentType, [CLIENT_ADDRESS_HEADER]: address },
    body,
  });
}

describe('reading a CSP report', () => {
  it('keeps the directive, the blocked origin (never its path or query) and the disposition', () => {
    expect(parseCspReport(reportUri('https://evil.example/x.js?uid=42', 'report'))).toEqual([
      { directive: 'script-src-elem', blocked: 'https://evil.example', disposition: 'report' },
    ]);
    expect(parseCspReport({ 'csp-report': { 'violated-directive': "img-src 'self'", 'blocked-uri': 'inline' } })).toEqual([
      { directive: 'img-src', blocked: 'inline', disposition: 'enforce' },
    ]);
  });

  it('reads the Reporting API batch, skipping other report types', () => {
    const batch = [
      { type: 'deprecation', body: { id: 'x' } },
      { type: 'csp-violation', body: { effectiveDirective: 'connect-src', blockedURL: 'wss://evil.example/socket', disposition: 'report' } },
      { type: 'csp-violation', body: { effectiveDirective: 'made-up-directive', blockedURL: 'not a url', disposition: 'enforce' } },
    ];
    expect(parseCspReport(batch)).toEqual([
      { directive: 'connect-src', blocked: 'wss', disposition: 'report' },
      { directive: 'other', blocked: 'other', disposition: 'enforce' },
    ]);
  });

  it('refuses what is not a report', () => {
    for (const value of [
      null,
      1,
      'x',
      {},
      { 'csp-report': 'x' },
      { 'csp-report': {} },
      [],
      [{ type: 'csp-violation' }],
      [1],
      { 'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 5 } },
    ]) {
      expect(parseCspReport(value), JSON.stringify(value)).toBeNull();
    }
  });
});

describeEachDatabase('POST /api/csp-report', (database) => {
  let api: ApiRuntime;
  const source = () => Promise.resolve(api);

  beforeEach(async () => {
    await database().clear();
    // Early in a minute: the burst of the rate-limit test never straddles a window's edge.
    api = testApiRuntime(database().repos, { now: () => Math.floor(Date.now() / 60_000) * 60_000 + 1000 });
  });

  async function reportCount(labels: Record<string, string>) {
    const token = 'metrics-token';
    const scrape = new Request(`${site}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const response = await handleMetrics(scrape, async () => ({ token, repos: () => Promise.resolve(database().repos) }));
    const sample = parseExposition(await response.text()).find(
      (entry) => entry.name === 'school_csp_reports_total' && Object.entries(labels).every(([key, value]) => entry.labels[key] === value),
    );
    return sample?.value ?? 0;
  }

  it('answers 204 to both report formats and counts each violation by directive', async () => {
    const labels = { directive: 'script-src-elem', disposition: 'report' };
    const before = await reportCount(labels);
    expect((await handleCspReport(post(JSON.stringify(reportUri('https://evil.example/x.js', 'report'))), source)).status).toBe(204);
    const batch = [{ type: 'csp-violation', body: { effectiveDirective: 'script-src-elem', blockedURL: 'https://evil.example/y.js', disposition: 'report' } }];
    const answer = await handleCspReport(post(JSON.stringify(batch), 'application/reports+json'), source);
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe('');
    expect((await reportCount(labels)) - before).toBe(2);
    // Only a count: no rows of ours hold the report.
    expect(await database().handle.db.selectFrom('leads').select('id').execute()).toEqual([]);
  });

  it('answers bad input with a 4xx in JSON, never a 5xx', async () => {
    const cases: [Request, number, string][] = [
      [post('{"csp-report":', 'application/csp-report'), 400, 'bad_json'],
      [post('{"hello":"world"}', 'application/csp-report'), 400, 'bad_csp_report'],
      [post('\u00ff\u00fe', 'application/csp-report'), 400, 'bad_json'],
      [post(JSON.stringify(reportUri('https://evil.example/x.js')), 'text/plain'), 415, 'not_csp_report'],
      [post(JSON.stringify({ 'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 'x'.repeat(9000) } })), 413, 'too_large'],
    ];
    for (const [request, status, code] of cases) {
      const answer = await handleCspReport(request, source);
      expect(answer.status).toBe(status);
      expect(await answer.json()).toEqual({ code, message: expect.any(String) });
    }
  });

  it(`lets one client send ${CSP_REPORTS_PER_MINUTE} reports a minute, then answers 429`, async () => {
    const body = JSON.stringify(reportUri('https://evil.example/x.js'));
    for (let sent = 0; sent < CSP_REPORTS_PER_MINUTE; sent += 1) {
      expect((await handleCspReport(post(body), source)).status).toBe(204);
    }
    const limited = await handleCspReport(post(body), source);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await handleCspReport(post(body, 'application/csp-report', '203.0.113.8'), source)).status).toBe(204);
  });

  it('counts a report against the limit before its body is read: a flood of broken reports is held back too', async () => {
    for (let sent = 0; sent < CSP_REPORTS_PER_MINUTE; sent += 1) {
      expect((await handleCspReport(post('{"hello":"world"}', 'application/csp-report', '203.0.113.9'), source)).status).toBe(400);
    }
    const limited = await handleCspReport(post(JSON.stringify(reportUri('https://evil.example/x.js')), 'application/csp-report', '203.0.113.9'), source);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: 'rate_limited', message: 'Слишком много запросов. Попробуйте через минуту' });
  });
});
