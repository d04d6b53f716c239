/**
 * Field Core Web Vitals: what a report from a visitor's browser may carry, shared by the
 * reporter (features/analytics), the endpoint that checks it (server/http/vitals.ts) and the console
 * that shows it. Pure.
 */

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** The three that Google ranks by; FCP and TTFB are kept to explain a slow LCP. */
export const CORE_VITALS = ['LCP', 'INP', 'CLS'] as const satisfies readonly VitalName[];

/**
 * Physical bounds: a value outside them is no measurement (a clock gone wrong, a forged report) and the
 * whole report is refused. Times in milliseconds (a page still painting after two minutes is abandoned);
 * CLS is a sum of layout-shift scores, each at most 1, over the windows web-vitals keeps.
 */
export const VITAL_BOUNDS: Record<VitalName, { max: number }> = {
  LCP: { max: 120_000 },
  FCP: { max: 120_000 },
  TTFB: { max: 120_000 },
  INP: { max: 60_000 },
  CLS: { max: 10 },
};

/** Google's thresholds (web.dev/articles/vitals): good up to the first, poor above the second. */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The Network Information API's `effectiveType`; `unknown` where the browser has none (Safari, Firefox). */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** web-vitals' `navigationType`. */
export const NAVIGATION_TYPES = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore', 'soft-navigation'] as const;
export type NavigationType = (typeof NAVIGATION_TYPES)[number];

/** INP's three phases: where the time of the slowest interaction went. */
export const INP_PHASES = ['input-delay', 'processing-duration', 'presentation-delay'] as const;
export type InpPhase = (typeof INP_PHASES)[number];

/** A CSS selector of the LCP element or the INP target, as web-vitals' attribution build writes it. */
export const MAX_TARGET_LENGTH = 100;
/** At most one value a metric (web-vitals reports each once per page view), so five a report. */
export const MAX_METRICS_PER_REPORT = VITAL_NAMES.length;

export interface VitalSample {
  name: VitalName;
  value: number;
  /** LCP: the element; INP: the interaction's target; CLS: the largest shift's element. */
  target?: string;
  /** INP only: the longest of its three phases. */
  phase?: InpPhase;
}

/** One page view's report: one `sendBeacon` when the page is hidden or left. Nothing in it names a visitor. */
export interface VitalsReport {
  /** The route pattern (`/products/[course]`), never the path or its query. */
  page: string;
  device: DeviceClass;
  connection: ConnectionType;
  navigation: NavigationType;
  /** Whether a timed pop-up showed on this page view. */
  popup: boolean;
  metrics: VitalSample[];
}

export type ReportProblem = 'shape' | 'unknown-page' | 'unknown-metric' | 'out-of-bounds';

const TARGET_SHAPE = /^[\w\-#.:>[\]="'()\s,*+~|^$@/]+$/;

/**
 * Checks a report as it came off the wire. A report with an unknown metric or a value outside its
 * physical bounds is refused whole (it is forged or broken, and its other figures are not to be
 * trusted); an attribution that does not look like a selector is dropped, the figure kept.
 */
export function parseVitalsReport(body: unknown, knownPages: ReadonlySet<string>): { report: VitalsReport } | { problem: ReportProblem } {
  if (typeof body !== 'object' || body === null) return { problem: 'shape' };
  const { page, device, connection, navigation, popup, metrics } = body as Record<string, unknown>;
  if (typeof page !== 'string') return { problem: 'shape' };
  if (!knownPages.has(page)) return { problem: 'unknown-page' };
  if (!DEVICE_CLASSES.includes(device as DeviceClass)) return { problem: 'shape' };
  if (!CONNECTION_TYPES.includes(connection as ConnectionType)) return { problem: 'shape' };
  if (!NAVIGATION_TYPES.includes(navigation as NavigationType)) return { problem: 'shape' };
  if (typeof popup !== 'boolean') return { problem: 'shape' };
  if (!Array.isArray(metrics) || metrics.length === 0 || metrics.length > MAX_METRICS_PER_REPORT) return { problem: 'shape' };
  const samples: VitalSample[] = [];
  const seen = new Set<string>();
  for (const item of metrics as unknown[]) {
    if (typeof item !== 'object' || item === null) return { problem: 'shape' };
    const { name, value, target, phase } = item as Record<string, unknown>;
    if (!VITAL_NAMES.includes(name as VitalName)) return { problem: 'unknown-metric' };
    if (seen.has(name as string)) return { problem: 'shape' };
    seen.add(name as string);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > VITAL_BOUNDS[name as VitalName].max) {
      return { problem: 'out-of-bounds' };
    }
    const sample: VitalSample = { name: name as VitalName, value };
    if (typeof target === 'string' && target.length > 0 && target.length <= MAX_TARGET_LENGTH && TARGET_SHAPE.test(target)) sample.target = target;
    if (name === 'INP' && INP_PHASES.includes(phase as InpPhase)) sample.phase = phase as InpPhase;
    samples.push(sample);
  }
  return {
    report: {
      page,
      device: device as DeviceClass,
      connection: connection as ConnectionType,
      navigation: navigation as NavigationType,
      popup,
      metrics: samples,
    },
  };
}

/** Days of figures kept; older days are deleted by the hourly retention job (server/privacy/retention-job.ts). */
export const VITALS_RETENTION_DAYS = 90;
