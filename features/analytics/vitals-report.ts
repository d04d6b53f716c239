/**
 * The pure part of the field measurement: who is measured, how a browser is classed, and
 * the page view's queue of figures that leaves in one beacon. No React, no DOM: tested beside it.
 */
import type { ConnectionType, DeviceClass, InpPhase, NavigationType, VitalName, VitalSample, VitalsReport } from '@/lib/vitals/metrics';

// Patterns, not the lists of lib/vitals/metrics.ts: this module ships in the reporter's chunk, where
// every byte counts against the 6 kB budget (the server checks against the lists).
const KNOWN_CONNECTION = /^(slow-2g|2g|3g|4g)$/;
const KNOWN_NAVIGATION = /^(navigate|reload|back-forward|back-forward-cache|prerender|restore|soft-navigation)$/;
const KNOWN_METRIC = /^(LCP|INP|CLS|FCP|TTFB)$/;

/**
 * `NEXT_PUBLIC_RUM_SAMPLE_RATE` (build time): the share of page views measured, 0 to 1; 1 when unset,
 * and anything unreadable counts as unset.
 */
export function sampleRate(raw: string | undefined): number {
  const rate = Number(raw?.trim() || '1');
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : 1;
}

/** Decided once a page view, by a coin toss: nothing is stored, so no visitor is kept in or out. */
export function isSampled(rate: number, random: () => number = Math.random): boolean {
  return rate >= 1 || random() < rate;
}

/**
 * Phone, tablet or desktop from the screen's short side (CSS pixels) and whether the main pointer is a
 * finger: under 600 px a phone; a touch screen under 1100 px a tablet; the rest desktop (a laptop with a
 * touch screen has a long enough short side).
 */
export function deviceClass(screen: { shortSide: number; coarsePointer: boolean }): DeviceClass {
  if (screen.shortSide < 600) return 'phone';
  if (screen.coarsePointer && screen.shortSide < 1100) return 'tablet';
  return 'desktop';
}

export function connectionType(effectiveType: string | undefined): ConnectionType {
  return effectiveType && KNOWN_CONNECTION.test(effectiveType) ? (effectiveType as ConnectionType) : 'unknown';
}

export function navigationType(type: string | undefined): NavigationType {
  return type && KNOWN_NAVIGATION.test(type) ? (type as NavigationType) : 'navigate';
}

/** A web-vitals metric with the attribution the console shows (vitals-library.ts), reduced to what a report keeps. */
export interface ReportedMetric {
  name: string;
  id: string;
  value: number;
  navigationType?: string;
  attribution?: {
    target?: string;
    interactionTarget?: string;
    largestShiftTarget?: string;
    inputDelay?: number;
    processingDuration?: number;
    presentationDelay?: number;
  };
}

function longestPhase({ inputDelay = -1, processingDuration = -1, presentationDelay = -1 }: NonNullable<ReportedMetric['attribution']>): InpPhase | undefined {
  const longest = Math.max(inputDelay, processingDuration, presentationDelay);
  if (longest < 0) return undefined;
  return longest === inputDelay ? 'input-delay' : longest === processingDuration ? 'processing-duration' : 'presentation-delay';
}

/** The compact sample of one metric: its value (rounded: ms, or CLS to 4 places) and its attribution. */
export function toSample(metric: ReportedMetric): VitalSample | null {
  if (!KNOWN_METRIC.test(metric.name)) return null;
  const name = metric.name as VitalName;
  const value = name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  const sample: VitalSample = { name, value };
  const attribution = metric.attribution ?? {};
  const target = (
    name === 'LCP' ? attribution.target : name === 'INP' ? attribution.interactionTarget : name === 'CLS' ? attribution.largestShiftTarget : undefined
  )?.slice(0, 100);
  if (target) sample.target = target;
  if (name === 'INP') {
    const phase = longestPhase(attribution);
    if (phase) sample.phase = phase;
  }
  return sample;
}

/**
 * The page view's figures until the page is hidden. Each metric is sent once per id: web-vitals may
 * report CLS and INP again after the page came back, and counting a page view twice would skew the
 * percentiles. `take()` empties the queue into one report, or null when nothing new is waiting.
 */
export class ReportQueue {
  private waiting = new Map<string, VitalSample>();
  private sent = new Set<string>();
  private navigation: NavigationType = 'navigate';

  constructor(private readonly context: Omit<VitalsReport, 'metrics' | 'navigation' | 'popup'>) {}

  add(metric: ReportedMetric): void {
    if (this.sent.has(metric.id)) return;
    const sample = toSample(metric);
    if (!sample) return;
    if (metric.navigationType) this.navigation = navigationType(metric.navigationType);
    this.waiting.set(metric.id, sample);
  }

  take(popup: boolean): VitalsReport | null {
    if (this.waiting.size === 0) return null;
    // One value a metric a report: after a back-forward restore, new ids of the same metric wait for the next one.
    const byName = new Map<string, [string, VitalSample]>();
    for (const [id, sample] of this.waiting) if (!byName.has(sample.name)) byName.set(sample.name, [id, sample]);
    for (const [id] of byName.values()) {
      this.waiting.delete(id);
      this.sent.add(id);
    }
    return { ...this.context, navigation: this.navigation, popup, metrics: [...byName.values()].map(([, sample]) => sample) };
  }
}
