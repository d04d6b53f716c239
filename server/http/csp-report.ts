/**
 * `POST /api/csp-report`: what browsers block (or, in report-only mode, would block) under our Content
 * Security Policy. Counted by directive in the metrics and logged with the blocked origin only (a path
 * or query could carry a visitor's data), so an engineer trying a new tag sees which host to allow.
 */
import { cspMetrics } from '../ops/metrics';
import { endpoint } from './endpoint';
import type { ApiRuntime } from './handlers';
import { noContent, refuse } from './responses';

/** A report is well under a kilobyte; a batch of the Reporting API a few. */
const MAX_REPORT_BYTES = 8 * 1024;
const REPORT_READ_DEADLINE_MS = 5000;
/** Reports one client may send a minute (a page with a blocked tag sends a few); the rest get 429. */
export const CSP_REPORTS_PER_MINUTE = 60;

/** The directives a label may name; anything else is `other` (a label never holds what a client wrote). */
const KNOWN_DIRECTIVES = new Set([
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'frame-src',
  'child-src',
  'worker-src',
  'media-src',
  'manifest-src',
  'object-src',
  'form-action',
  'frame-ancestors',
  'base-uri',
]);
/** The non-URL values of `blocked-uri` that browsers send. */
const BLOCKED_KEYWORDS = new Set(['inline', 'eval', 'data', 'blob', 'self', 'wasm-eval', 'trusted-types-policy', 'trusted-types-sink']);

export type CspDisposition = 'enforce' | 'report';

export interface CspViolation {
  directive: string;
  /** The blocked resource's origin, or a keyword such as `inline`; never a path or query. */
  blocked: string;
  disposition: CspDisposition;
}

/** `application/csp-report` (report-uri), `application/reports+json` (the Reporting API), or plain JSON. */
export function isCspReportContentType(contentType: string | null): boolean {
  return /^application\/(csp-report|reports\+json|json)\s*(;|$)/i.test(contentType?.trim() ?? '');
}

/**
 * The violations in a report body: `{ "csp-report": { … } }` (report-uri) or an array of
 * `{ type: "csp-violation", body: { … } }` (the Reporting API; other report types are skipped).
 * Null when the body is neither: a 400.
 */
export function parseCspReport(value: unknown): CspViolation[] | null {
  if (Array.isArray(value)) {
    if (value.length === 0 || value.length > 20) return null;
    const violations: CspViolation[] = [];
    for (const report of value) {
      const record = asRecord(report);
      if (!record || typeof record.type !== 'string') return null;
      if (record.type !== 'csp-violation') continue;
      const body = asRecord(record.body);
      if (!body) return null;
      const violation = violationOf(body.effectiveDirective, body.blockedURL, body.disposition);
      if (!violation) return null;
      violations.push(violation);
    }
    return violations;
  }
  const report = asRecord(asRecord(value)?.['csp-report']);
  if (!report) return null;
  const violation = violationOf(report['effective-directive'] ?? report['violated-directive'], report['blocked-uri'], report.disposition);
  return violation ? [violation] : null;
}

function violationOf(directive: unknown, blocked: unknown, disposition: unknown): CspViolation | null {
  if (typeof directive !== 'string' || directive.length > 200) return null;
  if (blocked !== undefined && typeof blocked !== 'string') return null;
  const name = (directive.trim().split(/\s+/)[0] ?? '').toLowerCase();
  return {
    directive: KNOWN_DIRECTIVES.has(name) ? name : 'other',
    blocked: blockedSource(blocked ?? ''),
    disposition: disposition === 'report' ? 'report' : 'enforce',
  };
}

function blockedSource(blocked: string): string {
  const keyword = blocked.trim().toLowerCase();
  if (keyword === '') return 'none';
  if (BLOCKED_KEYWORDS.has(keyword)) return keyword;
  try {
    const url = new URL(blocked);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol.replace(/:$/, '');
  } catch {
    return 'other';
  }
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * `POST /api/csp-report`: 204 once counted. Another media type is refused 415, a body that is no report
 * 400; past CSP_REPORTS_PER_MINUTE a minute from one client, 429 before the body is read.
 */
export const handleCspReport = endpoint<ApiRuntime, CspViolation[]>({
  name: 'csp-report',
  methods: ['POST'],
  rateLimit: { bucket: 'csp', perMinute: CSP_REPORTS_PER_MINUTE },
  body: {
    accepts: isCspReportContentType,
    mediaTypeCode: 'not_csp_report',
    maxBytes: MAX_REPORT_BYTES,
    deadlineMs: REPORT_READ_DEADLINE_MS,
    parse: (value) => parseCspReport(value) ?? refuse(400, 'bad_csp_report'),
  },
  async handle({ body: violations, log }) {
    for (const violation of violations) {
      cspMetrics.report(violation.directive, violation.disposition);
      log.warn('csp.violation', { ...violation });
    }
    return noContent();
  },
});
