/**
 * `vitals_histogram`, `vitals_attribution`, `vitals_context`, `vitals_networks`: the field Core Web
 * Vitals per Moscow day, page type and device: histograms, the elements they are attributed to, the
 * reports' context, and the networks (keyed hashes) they came from.
 */
import { sql } from 'kysely';
import { moscowToday } from '@/lib/calendar';
import { bucketOf } from '@/lib/vitals/histogram';
import type { VitalName, VitalsReport } from '@/lib/vitals/metrics';
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';

/** One histogram bucket's count (lib/vitals/histogram.ts) of a page type, device and metric over a period. */
export interface VitalsBucketRow {
  pageType: string;
  device: string;
  metric: VitalName;
  /** Whether a timed pop-up showed on those page views. */
  popup: boolean;
  bucket: number;
  count: number;
}

export interface VitalsDailyBucketRow {
  day: string;
  metric: VitalName;
  bucket: number;
  count: number;
}

export interface VitalsTarget {
  /** A CSS selector of the element. */
  target: string;
  /** INP's longest phase, null for LCP. */
  phase: string | null;
  count: number;
  /** The metric's average over those page views (ms). */
  average: number;
}

/**
 * From how many networks a period's reports came (a network counts once however many days and reports):
 * per page type and device (`page type\ndevice`), per page type, and of them all.
 */
export interface VitalsNetworkCounts {
  rows: ReadonlyMap<string, number>;
  pageTypes: ReadonlyMap<string, number>;
  all: number;
}

export interface VitalsRepository {
  /** Adds one visitor's report to its Moscow day, and its network (a keyed hash) to the day's networks of its page type and device. */
  record(report: VitalsReport, now: number, network: string): Promise<void>;
  /** The networks of the reports from `fromDay` to `toDay`, both included (of one device when given). */
  networks(fromDay: string, toDay: string, device?: string | null): Promise<VitalsNetworkCounts>;
  /** Bucket counts per page type, device, metric and pop-up flag from `fromDay` to `toDay`, both included. */
  histograms(fromDay: string, toDay: string): Promise<VitalsBucketRow[]>;
  /** Bucket counts per day and metric (pages and devices summed, or only the given ones), oldest day first. */
  dailyHistograms(fromDay: string, toDay: string, filter?: { pageType?: string; device?: string }): Promise<VitalsDailyBucketRow[]>;
  /** The elements most often attributed a metric on a page type (LCP element, INP target), most frequent first. */
  topTargets(fromDay: string, toDay: string, pageType: string, metric: VitalName, limit?: number): Promise<VitalsTarget[]>;
  /** Reports by connection's effective type and navigation type. */
  context(fromDay: string, toDay: string): Promise<{ connection: string; navigation: string; reports: number }[]>;
  /** Deletes the days before `day` (retention); returns the rows deleted. */
  deleteBefore(day: string): Promise<number>;
}

const toNumber = (value: number | string | bigint | null) => Number(value ?? 0);

export function createVitalsRepository(handle: DatabaseHandle): VitalsRepository {
  const { db } = handle;
  return {
    /** One report in one transaction: a bucket a metric, its attribution, and the report's context; added atomically, so instances add up. */
    record: (report, now, network) =>
      inWriteTransaction(handle, async (trx) => {
        const day = moscowToday(new Date(now));
        const where = { day, page_type: report.page, device: report.device };
        await trx
          .insertInto('vitals_networks')
          .values({ ...where, network })
          .onConflict((conflict) => conflict.columns(['day', 'page_type', 'device', 'network']).doNothing())
          .execute();
        for (const sample of report.metrics) {
          await trx
            .insertInto('vitals_histogram')
            .values({ ...where, metric: sample.name, popup: report.popup ? 1 : 0, bucket: bucketOf(sample.name, sample.value), count: 1 })
            .onConflict((conflict) =>
              conflict.columns(['day', 'page_type', 'device', 'metric', 'popup', 'bucket']).doUpdateSet({ count: sql<number>`vitals_histogram.count + 1` }),
            )
            .execute();
          if (sample.target) {
            await trx
              .insertInto('vitals_attribution')
              .values({ ...where, metric: sample.name, target: sample.target, phase: sample.phase ?? '', count: 1, total: sample.value })
              .onConflict((conflict) =>
                conflict.columns(['day', 'page_type', 'device', 'metric', 'target', 'phase']).doUpdateSet({
                  count: sql<number>`vitals_attribution.count + 1`,
                  total: sql<number>`vitals_attribution.total + ${sample.value}`,
                }),
              )
              .execute();
          }
        }
        await trx
          .insertInto('vitals_context')
          .values({ ...where, connection: report.connection, navigation: report.navigation, reports: 1 })
          .onConflict((conflict) =>
            conflict.columns(['day', 'page_type', 'device', 'connection', 'navigation']).doUpdateSet({ reports: sql<number>`vitals_context.reports + 1` }),
          )
          .execute();
      }),

    async histograms(fromDay, toDay) {
      const rows = await db
        .selectFrom('vitals_histogram')
        .select(['page_type', 'device', 'metric', 'popup', 'bucket', (eb) => eb.fn.sum<number | string>('count').as('count')])
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .groupBy(['page_type', 'device', 'metric', 'popup', 'bucket'])
        .execute();
      return rows.map((row) => ({
        pageType: row.page_type,
        device: row.device,
        metric: row.metric as VitalName,
        popup: row.popup === 1,
        bucket: row.bucket,
        count: toNumber(row.count),
      }));
    },

    async dailyHistograms(fromDay, toDay, filter = {}) {
      let query = db
        .selectFrom('vitals_histogram')
        .select(['day', 'metric', 'bucket', (eb) => eb.fn.sum<number | string>('count').as('count')])
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay);
      if (filter.pageType) query = query.where('page_type', '=', filter.pageType);
      if (filter.device) query = query.where('device', '=', filter.device);
      const rows = await query.groupBy(['day', 'metric', 'bucket']).orderBy('day').execute();
      return rows.map((row) => ({ day: row.day, metric: row.metric as VitalName, bucket: row.bucket, count: toNumber(row.count) }));
    },

    async topTargets(fromDay, toDay, pageType, metric, limit = 5) {
      const rows = await db
        .selectFrom('vitals_attribution')
        .select(['target', 'phase', (eb) => eb.fn.sum<number | string>('count').as('count'), (eb) => eb.fn.sum<number | string>('total').as('total')])
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .where('page_type', '=', pageType)
        .where('metric', '=', metric)
        .groupBy(['target', 'phase'])
        .orderBy('count', 'desc')
        .orderBy('target')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        target: row.target,
        phase: row.phase || null,
        count: toNumber(row.count),
        average: toNumber(row.total) / Math.max(1, toNumber(row.count)),
      }));
    },

    async networks(fromDay, toDay, device) {
      const within = db
        .selectFrom('vitals_networks')
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .$if(!!device, (q) => q.where('device', '=', device!));
      const distinct = sql<number | string>`count(distinct network)`.as('networks');
      const [rows, pageTypes, all] = await Promise.all([
        within.select(['page_type', 'device', distinct]).groupBy(['page_type', 'device']).execute(),
        within.select(['page_type', distinct]).groupBy('page_type').execute(),
        within.select(distinct).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: new Map(rows.map((row) => [`${row.page_type}\n${row.device}`, toNumber(row.networks)])),
        pageTypes: new Map(pageTypes.map((row) => [row.page_type, toNumber(row.networks)])),
        all: toNumber(all.networks),
      };
    },

    async context(fromDay, toDay) {
      const rows = await db
        .selectFrom('vitals_context')
        .select(['connection', 'navigation', (eb) => eb.fn.sum<number | string>('reports').as('reports')])
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .groupBy(['connection', 'navigation'])
        .execute();
      return rows.map((row) => ({ connection: row.connection, navigation: row.navigation, reports: toNumber(row.reports) }));
    },

    /** The retention: every day before `day` goes, from the four tables. */
    async deleteBefore(day) {
      let deleted = 0;
      for (const table of ['vitals_histogram', 'vitals_attribution', 'vitals_context', 'vitals_networks'] as const) {
        const result = await db.deleteFrom(table).where('day', '<', day).executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
    },
  };
}
