/**
 * The field vitals of the last 28 days as Prometheus histograms, read from the shared database
 * at each scrape, so every instance exposes the same figures. A rolling window like CrUX's, not a counter
 * since start: a bucket can go down when a day leaves the window. Times in seconds, CLS as it is; labels
 * are the page type (route pattern) and the device class, never a path.
 */
import { moscowToday } from '@/lib/calendar';
import { bucketValue, cumulativeCounts, mergeHistograms } from '@/lib/vitals/histogram';
import { VITAL_NAMES, type VitalName } from '@/lib/vitals/metrics';
import type { VitalsRepository } from '../repositories/vitals';

export const VITALS_WINDOW_DAYS = 28;

const timeBounds = [0.1, 0.2, 0.5, 0.8, 1, 1.8, 2.5, 3, 4, 6, 10, 20, 60];
const exposed: Record<VitalName, { name: string; help: string; bounds: number[]; perUnit: number }> = {
  LCP: { name: 'school_web_vitals_lcp_seconds', help: 'Largest Contentful Paint', bounds: timeBounds, perUnit: 1000 },
  FCP: { name: 'school_web_vitals_fcp_seconds', help: 'First Contentful Paint', bounds: timeBounds, perUnit: 1000 },
  TTFB: { name: 'school_web_vitals_ttfb_seconds', help: 'Time to First Byte', bounds: timeBounds, perUnit: 1000 },
  INP: { name: 'school_web_vitals_inp_seconds', help: 'Interaction to Next Paint', bounds: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5], perUnit: 1000 },
  CLS: { name: 'school_web_vitals_cls', help: 'Cumulative Layout Shift', bounds: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1], perUnit: 1 },
};

const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const number = (value: number) => (Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6))));

export async function renderVitals(vitals: Pick<VitalsRepository, 'histograms'>, now: number): Promise<string> {
  const toDay = moscowToday(new Date(now));
  const fromDay = moscowToday(new Date(now - (VITALS_WINDOW_DAYS - 1) * 86_400_000));
  const rows = await vitals.histograms(fromDay, toDay);
  const series = new Map<string, { metric: VitalName; pageType: string; device: string; histograms: Map<number, number>[] }>();
  for (const row of rows) {
    const key = `${row.metric}\n${row.pageType}\n${row.device}`;
    const entry = series.get(key) ?? { metric: row.metric, pageType: row.pageType, device: row.device, histograms: [] };
    entry.histograms.push(new Map([[row.bucket, row.count]]));
    series.set(key, entry);
  }
  const lines: string[] = [];
  for (const metric of VITAL_NAMES) {
    const { name, help, bounds, perUnit } = exposed[metric];
    lines.push(`# HELP ${name} ${help} measured in visitors' browsers over the last ${VITALS_WINDOW_DAYS} days (rolling window), per page type and device.`);
    lines.push(`# TYPE ${name} histogram`);
    for (const entry of [...series.values()]
      .filter((s) => s.metric === metric)
      .sort((a, b) => `${a.pageType}${a.device}`.localeCompare(`${b.pageType}${b.device}`))) {
      const histogram = mergeHistograms(entry.histograms);
      const labels = `page_type="${label(entry.pageType)}",device="${label(entry.device)}"`;
      const counts = cumulativeCounts(
        metric,
        histogram,
        bounds.map((bound) => bound * perUnit),
      );
      let total = 0;
      let sum = 0;
      for (const [bucket, count] of histogram) {
        total += count;
        sum += (bucketValue(metric, bucket) / perUnit) * count;
      }
      bounds.forEach((bound, i) => lines.push(`${name}_bucket{${labels},le="${number(bound)}"} ${counts[i]}`));
      lines.push(`${name}_bucket{${labels},le="+Inf"} ${total}`);
      lines.push(`${name}_sum{${labels}} ${number(sum)}`);
      lines.push(`${name}_count{${labels}} ${total}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
