import { parseFunnelQuery } from '@/lib/funnel';
import { requireOperator } from '@/server/admin/session';
import { sitePages } from '@/server/site-pages';

/** «Кампании»: the funnel (leads → paid deals → revenue) per campaign, source, landing, pop-up or form over the period asked. */
export async function loadCampaigns(params: Record<string, string | string[] | undefined>) {
  const { runtime } = await requireOperator();
  const query = parseFunnelQuery(params);
  const [rows, { collectionNames }] = await Promise.all([runtime.repos.deals.funnel(query.by, query), sitePages()]);
  return { query, rows, collectionNames };
}

export type Campaigns = Awaited<ReturnType<typeof loadCampaigns>>;
