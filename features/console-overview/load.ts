import { requireOperator } from '@/server/admin/session';

/** «Обзор»: leads by day, form and source, and how the deliveries (and the leads held as «Похоже на спам»), the managers' alerts and the payments are doing. */
export async function loadOverview() {
  const { runtime, now } = await requireOperator();
  const { leadQueries, deliveryQueue, alertQueue, dealUnmatchedCallbacks, dealRefusedPayments, dealReconciliation } = runtime.repos;
  const [daily, byForm, bySource, delivery, withheld] = await Promise.all([
    leadQueries.perDay(now),
    leadQueries.counts('form', now),
    leadQueries.counts('utm_source', now),
    deliveryQueue.health(now),
    leadQueries.withheld(),
  ]);
  const [unmatched, refused, reconciliation, alerts] = await Promise.all([
    dealUnmatchedCallbacks.count(),
    dealRefusedPayments.count(),
    dealReconciliation.state(),
    alertQueue.health(now),
  ]);
  return {
    daily,
    byForm,
    bySource,
    delivery,
    withheld: withheld.count,
    getCourseConfigured: runtime.config.getCourse !== null,
    alerts,
    unmatched,
    refused,
    reconciliation,
    now,
  };
}

export type Overview = Awaited<ReturnType<typeof loadOverview>>;
