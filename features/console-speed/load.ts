import { requireOperator } from '@/server/admin/session';
import { dailyTrend, parseVitalsQuery, popupEffect, slowPageTypes, vitalsTable } from './vitals-figures';

/**
 * «Скорость сайта» over the period, device and trend metric asked (`from`, `to`, `device`, `trend`): p75
 * per page type and device, the trend by day, the elements behind the slow page types, the pop-ups' cost,
 * the reports' connections, and what went uncounted.
 */
export async function loadSpeed(params: Record<string, string | string[] | undefined>) {
  const { runtime, now } = await requireOperator();
  const { vitals, traffic } = runtime.repos;
  const query = parseVitalsQuery(params, now);
  const rows = await vitals.histograms(query.fromDay, query.toDay);
  const networks = await vitals.networks(query.fromDay, query.toDay, query.device);
  const trend = dailyTrend(
    await vitals.dailyHistograms(query.fromDay, query.toDay, { device: query.device ?? undefined }),
    query.trend,
    query.fromDay,
    query.toDay,
  );
  const targets = await Promise.all(
    slowPageTypes(rows, networks, query.device).map(async ({ pageType }) => ({
      pageType,
      lcp: await vitals.topTargets(query.fromDay, query.toDay, pageType, 'LCP'),
      inp: await vitals.topTargets(query.fromDay, query.toDay, pageType, 'INP'),
    })),
  );
  const context = await vitals.context(query.fromDay, query.toDay);
  const byConnection = new Map<string, number>();
  for (const row of context) byConnection.set(row.connection, (byConnection.get(row.connection) ?? 0) + row.reports);
  return {
    query,
    table: vitalsTable(rows, networks, query.device),
    trend,
    targets,
    effect: popupEffect(rows, networks, query.device),
    reports: context.reduce((total, row) => total + row.reports, 0),
    byConnection,
    traffic: await traffic.totals('vitals', query.fromDay, query.toDay),
  };
}

export type Speed = Awaited<ReturnType<typeof loadSpeed>>;
