import { funnelCsv, parseFunnelQuery } from '@/lib/funnel';
import type { AdminRuntime } from '../admin/runtime';
import { operatorCsvExport } from './operator-csv-export';

/** `GET /api/admin/campaigns/export?period=…&by=…`: the console's funnel table as CSV; operators only. */
export function handleCampaignsExport(request: Request, runtime: () => Promise<AdminRuntime>): Promise<Response> {
  return operatorCsvExport('campaigns-export', request, runtime, {
    auditKey: 'funnel',
    async csv(admin, params) {
      const query = parseFunnelQuery(params);
      const rows = await admin.repos.deals.funnel(query.by, query);
      return { body: funnelCsv(query, rows), filename: `campaigns-${query.by}-${query.fromDay}-${query.toDay}.csv` };
    },
  });
}
