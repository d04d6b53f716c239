import { funnelCsv, parseFunnelQuery } from '@/lib/funnel';
import type { AdminRuntime } from '../admin/runtime';
import { operatorOf, unauthorizedResponse } from '../admin/session';
import { answer } from './endpoint';

/** `GET /api/admin/campaigns/export?period=…&by=…`: the console's funnel table as CSV; operators only. */
export function handleCampaignsExport(request: Request, runtime: () => Promise<AdminRuntime>): Promise<Response> {
  return answer('campaigns-export', async () => {
    const admin = await runtime();
    const operator = await operatorOf(request.headers, admin);
    if (!operator) return unauthorizedResponse();
    const params = Object.fromEntries(new URL(request.url).searchParams);
    const query = parseFunnelQuery(params);
    await admin.repos.audit.record({ actor: operator.email, action: 'export', details: { funnel: params } }, Date.now());
    const rows = await admin.repos.deals.funnel(query.by, query);
    return new Response(funnelCsv(query, rows), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="campaigns-${query.by}-${query.fromDay}-${query.toDay}.csv"`,
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      },
    });
  });
}
