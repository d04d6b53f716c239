import { decodeCursor, encodeCursor, parseLeadFilter, type LeadSearchParams } from '@/server/admin/lead-filter';
import { requireOperator } from '@/server/admin/session';

/** «Заявки»: a page of leads under the filter of the address, the filter's suggestions, and how many deliveries are dead. */
export async function loadLeadsPage(params: LeadSearchParams) {
  const { runtime } = await requireOperator();
  const after = decodeCursor(typeof params.after === 'string' ? params.after : null);
  const [page, facets, counts] = await Promise.all([
    runtime.repos.leads.list(parseLeadFilter(params), { after, limit: 50 }),
    runtime.repos.leads.facets(),
    runtime.repos.deliveryQueue.countByStatus(),
  ]);
  return { params, paged: after !== null, rows: page.rows, next: page.next && encodeCursor(page.next), facets, dead: counts.dead };
}

/** A lead's page: the lead, its GetCourse deliveries and its deal; undefined when there is no such lead. */
export async function loadLeadPage(leadId: number) {
  const { runtime } = await requireOperator();
  const lead = await runtime.repos.leads.findLead(leadId);
  if (!lead) return undefined;
  const [deliveries, deal] = await Promise.all([runtime.repos.deliveryQueue.findForLead(lead.id), runtime.repos.deals.forLead(lead.id)]);
  return { lead, deliveries, deal };
}

export type LeadsPageData = Awaited<ReturnType<typeof loadLeadsPage>>;
export type LeadPageData = NonNullable<Awaited<ReturnType<typeof loadLeadPage>>>;
