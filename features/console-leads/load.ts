import { decodeCursor, encodeCursor, parseLeadFilter, type LeadSearchParams } from '@/server/admin/lead-filter';
import { requireOperator } from '@/server/admin/session';
import { formOptions, productOptions } from './lead-options';

/**
 * «Заявки»: a page of leads under the filter of the address, the filter's suggestions, how many deliveries
 * are dead, those that wait after a failed attempt (by error), and how many leads are held.
 */
export async function loadLeadsPage(params: LeadSearchParams) {
  const { runtime, now } = await requireOperator();
  const after = decodeCursor(typeof params.after === 'string' ? params.after : null);
  const [page, facets, counts, retrying, withheld] = await Promise.all([
    runtime.repos.leadQueries.list(parseLeadFilter(params), { after, limit: 50 }),
    runtime.repos.leadQueries.facets(),
    runtime.repos.deliveryQueue.countByStatus(),
    runtime.repos.deliveryQueue.retrying(),
    runtime.repos.leadQueries.withheld(),
  ]);
  const filter = parseLeadFilter(params);
  return {
    params,
    paged: after !== null,
    rows: page.rows,
    next: page.next && encodeCursor(page.next),
    forms: formOptions([...facets.formIds, ...(filter.formId ? [filter.formId] : [])]),
    products: productOptions(filter.productName ? [filter.productName] : []),
    utmSources: facets.utmSources,
    dead: counts.dead,
    retrying,
    now,
    /** Held back as «Похоже на спам»: how many, and the newest (what «Выпустить все» and «Удалить все» take). */
    withheld,
    // The list follows its deliveries while one is on its way, here or among those waiting after a failure
    // (never while GetCourse is not set up: they wait).
    following:
      runtime.config.getCourse !== null &&
      (retrying.length > 0 || page.rows.some((row) => row.deliveryStatus === 'pending' || row.deliveryStatus === 'sending')),
  };
}

/** A lead's page: the lead, its GetCourse deliveries and its deal; undefined when there is no such lead. */
export async function loadLeadPage(leadId: number) {
  const { runtime } = await requireOperator();
  const lead = await runtime.repos.leads.findLead(leadId);
  if (!lead) return undefined;
  const [deliveries, deal] = await Promise.all([runtime.repos.deliveryQueue.forLead(lead.id), runtime.repos.deals.forLead(lead.id)]);
  return {
    lead,
    deliveries,
    deal,
    following: runtime.config.getCourse !== null && deliveries.some((delivery) => delivery.status === 'pending' || delivery.status === 'sending'),
  };
}

export type LeadsPageData = Awaited<ReturnType<typeof loadLeadsPage>>;
export type LeadPageData = NonNullable<Awaited<ReturnType<typeof loadLeadPage>>>;
