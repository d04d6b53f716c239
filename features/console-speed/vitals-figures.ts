/**
 * The console's «Скорость сайта»: which period, device and trend metric the page shows, and
 * the field figures as the marketer reads them: p75 per page type and device, coloured by Google's
 * thresholds once there are enough samples from enough networks. Pure; the counts come from repos.vitals
 * (server/repositories/vitals.ts).
 */
import { isCalendarDate, moscowToday } from '@/lib/calendar';
import { mergeHistograms, percentile, sampleCount } from '@/lib/vitals/histogram';
import { CORE_VITALS, DEVICE_CLASSES, rateVital, VITAL_NAMES, type DeviceClass, type VitalName, type VitalRating } from '@/lib/vitals/metrics';
import type { VitalsBucketRow, VitalsDailyBucketRow, VitalsNetworkCounts } from '@/server/repositories/vitals';

/** Below this many samples a p75 is shown without colour, as «мало данных» (CrUX needs far more). */
export const MIN_SAMPLES = 50;
/**
 * Below this many networks (IPv4 /24, IPv6 /48) behind the samples a p75 is shown without colour, as
 * «мало сетей»: ten addresses of one sender, within their daily caps, bring 100 samples of a page nobody
 * else visits, and must not turn its row red; real visitors of a page come from many networks.
 */
export const MIN_NETWORKS = 20;
export const DEFAULT_PERIOD_DAYS = 28;
const DAY_MS = 86_400_000;

export const deviceLabels: Record<DeviceClass, string> = { phone: 'Телефон', tablet: 'Планшет', desktop: 'Компьютер' };
export const ratingLabels: Record<VitalRating, string> = { good: 'хорошо', 'needs-improvement': 'нужно улучшить', poor: 'плохо' };
export const FEW_SAMPLES_LABEL = 'мало данных';
export const FEW_NETWORKS_LABEL = 'мало сетей';
/** Each metric in words, its abbreviation beside (the name Google's reports use). */
export const metricWords: Record<VitalName, string> = {
  LCP: 'Отрисовка главного элемента',
  INP: 'Отклик на действия',
  CLS: 'Сдвиги вёрстки',
  FCP: 'Первая отрисовка',
  TTFB: 'Ответ сервера',
};
export const metricLabels = Object.fromEntries(Object.entries(metricWords).map(([name, words]) => [name, `${words} (${name})`])) as Record<VitalName, string>;

export interface VitalsQuery {
  /** Moscow days, both included. */
  fromDay: string;
  toDay: string;
  /** Only this device class; null: all. */
  device: DeviceClass | null;
  /** The metric of the daily trend. */
  trend: VitalName;
}

const dayOf = (time: number) => moscowToday(new Date(time));
const nextDay = (day: string) => dayOf(Date.parse(`${day}T12:00:00+03:00`) + DAY_MS);

/** `from`, `to`, `device`, `trend` read leniently: anything unknown falls back to the last 28 days, every device, LCP. */
export function parseVitalsQuery(params: Record<string, string | string[] | undefined>, now = Date.now()): VitalsQuery {
  const text = (name: string) => (typeof params[name] === 'string' ? (params[name] as string) : '');
  let fromDay = dayOf(now - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS);
  let toDay = dayOf(now);
  const [a, b] = [text('from'), text('to')];
  if (isCalendarDate(a) && isCalendarDate(b)) [fromDay, toDay] = a <= b ? [a, b] : [b, a];
  const device = DEVICE_CLASSES.includes(text('device') as DeviceClass) ? (text('device') as DeviceClass) : null;
  const trend = VITAL_NAMES.includes(text('trend') as VitalName) ? (text('trend') as VitalName) : 'LCP';
  return { fromDay, toDay, device, trend };
}

export interface VitalCell {
  /** p75 in the metric's own unit (ms, or CLS); null without samples. */
  p75: number | null;
  samples: number;
  /** The networks the row's reports came from (the cells of a row share them). */
  networks: number;
  /** Null without enough samples or networks: no colour then. */
  rating: VitalRating | null;
}

export interface VitalsRow {
  pageType: string;
  device: DeviceClass;
  cells: Record<VitalName, VitalCell>;
  /** Page views measured: the most samples of any metric (LCP and FCP come with every view). */
  views: number;
}

export function cellOf(name: VitalName, histogram: ReadonlyMap<number, number>, networks: number): VitalCell {
  const samples = sampleCount(histogram);
  const p75 = percentile(name, histogram, 0.75);
  const enough = samples >= MIN_SAMPLES && networks >= MIN_NETWORKS;
  return { p75, samples, networks, rating: p75 !== null && enough ? rateVital(name, p75) : null };
}

/** Why a cell with samples has no colour: too few samples, or too few networks behind them; null when coloured. */
export function uncolouredBecause(cell: VitalCell): 'samples' | 'networks' | null {
  if (cell.rating !== null || cell.samples === 0) return null;
  return cell.samples < MIN_SAMPLES ? 'samples' : 'networks';
}

type Histograms = Map<number, number>;

function group(rows: readonly VitalsBucketRow[], keyOf: (row: VitalsBucketRow) => string): Map<string, Map<VitalName, Histograms>> {
  const grouped = new Map<string, Map<VitalName, Histograms>>();
  for (const row of rows) {
    const key = keyOf(row);
    const metrics = grouped.get(key) ?? new Map<VitalName, Histograms>();
    const histogram = metrics.get(row.metric) ?? new Map<number, number>();
    histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.count);
    metrics.set(row.metric, histogram);
    grouped.set(key, metrics);
  }
  return grouped;
}

const cellsOf = (metrics: Map<VitalName, Histograms> | undefined, networks: number) =>
  Object.fromEntries(VITAL_NAMES.map((name) => [name, cellOf(name, metrics?.get(name) ?? new Map(), networks)])) as Record<VitalName, VitalCell>;

/**
 * One row a page type and device (the device filter applied), most page views first; `networks` are the
 * period's (repos.vitals.networks, of the same device filter).
 */
export function vitalsTable(rows: readonly VitalsBucketRow[], networks: VitalsNetworkCounts, device: DeviceClass | null = null): VitalsRow[] {
  const kept = device ? rows.filter((row) => row.device === device) : rows;
  const grouped = group(kept, (row) => `${row.pageType}\n${row.device}`);
  return [...grouped.entries()]
    .map(([key, metrics]) => {
      const [pageType, rowDevice] = key.split('\n') as [string, DeviceClass];
      const cells = cellsOf(metrics, networks.rows.get(key) ?? 0);
      return { pageType, device: rowDevice, cells, views: Math.max(...VITAL_NAMES.map((name) => cells[name].samples)) };
    })
    .sort((a, b) => b.views - a.views || a.pageType.localeCompare(b.pageType) || DEVICE_CLASSES.indexOf(a.device) - DEVICE_CLASSES.indexOf(b.device));
}

/**
 * Page types (devices summed) whose LCP or INP p75 is not good with enough samples: the ones whose
 * LCP elements and INP targets the page lists.
 */
export function slowPageTypes(
  rows: readonly VitalsBucketRow[],
  networks: VitalsNetworkCounts,
  device: DeviceClass | null = null,
): { pageType: string; metrics: VitalName[] }[] {
  const kept = device ? rows.filter((row) => row.device === device) : rows;
  const slow: { pageType: string; metrics: VitalName[] }[] = [];
  for (const [pageType, metrics] of group(kept, (row) => row.pageType)) {
    const cells = cellsOf(metrics, networks.pageTypes.get(pageType) ?? 0);
    const metricsSlow = (['LCP', 'INP'] as const).filter((name) => cells[name].rating !== null && cells[name].rating !== 'good');
    if (metricsSlow.length > 0) slow.push({ pageType, metrics: metricsSlow });
  }
  return slow.sort((a, b) => a.pageType.localeCompare(b.pageType));
}

/** CLS and INP with and without a timed pop-up on the page view: the pop-ups' own cost. */
export function popupEffect(
  rows: readonly VitalsBucketRow[],
  networks: VitalsNetworkCounts,
  device: DeviceClass | null = null,
): { metric: VitalName; without: VitalCell; with: VitalCell }[] {
  const kept = device ? rows.filter((row) => row.device === device) : rows;
  const grouped = group(kept, (row) => (row.popup ? 'with' : 'without'));
  // Networks are kept per page type and device, not per pop-up: the period's all is the most either side can have.
  return (['CLS', 'INP'] as const).map((metric) => ({
    metric,
    without: cellOf(metric, grouped.get('without')?.get(metric) ?? new Map(), networks.all),
    with: cellOf(metric, grouped.get('with')?.get(metric) ?? new Map(), networks.all),
  }));
}

/** The trend metric's p75 per day of the period (oldest first; null on a day without samples). */
export function dailyTrend(
  rows: readonly VitalsDailyBucketRow[],
  metric: VitalName,
  fromDay: string,
  toDay: string,
): { days: string[]; p75: (number | null)[]; samples: number[] } {
  const days: string[] = [];
  for (let day = fromDay; day <= toDay && days.length < 366; day = nextDay(day)) days.push(day);
  const byDay = new Map<string, Map<number, number>>();
  for (const row of rows) {
    if (row.metric !== metric) continue;
    byDay.set(row.day, mergeHistograms([byDay.get(row.day) ?? new Map(), new Map([[row.bucket, row.count]])]));
  }
  return {
    days,
    p75: days.map((day) => percentile(metric, byDay.get(day) ?? new Map(), 0.75)),
    samples: days.map((day) => sampleCount(byDay.get(day) ?? new Map())),
  };
}

/** `2,35 с`, `180 мс`, `0,05`: a figure as the thresholds are written. */
export function formatVital(name: VitalName, value: number | null): string {
  if (value === null) return '—';
  if (name === 'CLS') return value.toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (name === 'INP' || value < 1000) return `${Math.round(value).toLocaleString('ru-RU')} мс`;
  return `${(value / 1000).toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} с`;
}

export { CORE_VITALS };
