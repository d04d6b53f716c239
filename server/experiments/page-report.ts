import { analyseTest, cumulativeDays, plannedShowsPerVariant, type DayCounts, type TestReport } from '@/lib/experiments/sequential';
import { addPayment, compareRevenue, emptyRevenue, revenuePerVisitor, type RevenueComparison, type RevenueSample } from '@/lib/experiments/revenue';
import { paidDealStatuses } from '../rules/deal-status';
import type { Repositories } from '../repositories';
import type { PageTest } from './subjects/page';
import { splitTestDayOf } from './subjects/popup';

/** The conversion a page test plans with (80 % power for +20 % leads): the pop-up tests' default. */
export const PAGE_BASE_RATE = 0.03;

/** Visitors a variant the test plans, by its number of variants. */
export const plannedVisitors = (variants: number) => plannedShowsPerVariant(PAGE_BASE_RATE, Math.max(1, variants - 1));

export interface PageTestResults {
  test: PageTest;
  /** Cumulative visitors and leads at each day's end (each day is one look): the verdict on leads. */
  days: DayCounts[];
  leads: TestReport;
  /** Per variant, A first: paid deals and revenue of its counted leads, with revenue per visitor and its interval. */
  revenue: (RevenueSample & { perVisitor: ReturnType<typeof revenuePerVisitor>; comparison: RevenueComparison | null })[];
}

/**
 * A page test's figures: visitors and leads per variant (the sequential method of the pop-up tests,
 * visitors in place of shows), and the money of the counted leads' deals (the payment callbacks and the
 * reconciliation keep `deals` up to date), revenue per visitor with an always-valid interval.
 */
export async function pageTestResults(repos: Pick<Repositories, 'experiments' | 'deals'>, test: PageTest): Promise<PageTestResults> {
  const count = test.variants.length;
  const days = cumulativeDays((await repos.experiments.perDay(test.id)).map(splitTestDayOf), count);
  const running = days.at(-1)?.variants ?? Array.from({ length: count }, () => ({ shows: 0, leads: 0 }));
  const leads = analyseTest(days, test.plannedVisitors);

  const counted = await repos.experiments.leads(test.id);
  const deals = await repos.deals.ofLeads(counted.map((lead) => lead.leadId));
  const samples: RevenueSample[] = running.map((v) => ({ ...emptyRevenue, visitors: v.shows }));
  for (const lead of counted) {
    const deal = deals.get(lead.leadId);
    if (!deal || !paidDealStatuses.includes(deal.status) || !samples[lead.variant]) continue;
    samples[lead.variant] = addPayment(samples[lead.variant]!, deal.paidKopecks);
  }
  const revenue = samples.map((sample, index) => ({
    ...sample,
    perVisitor: revenuePerVisitor(sample),
    comparison: index === 0 ? null : compareRevenue(samples[0]!, sample),
  }));
  return { test, days, leads, revenue };
}
