import { funnelKeyName } from '@/content/names';
import { funnelCsv, parseFunnelQuery } from '@/lib/funnel';
import { operatorCsvExport } from './operator-csv-export';

/** `GET /api/admin/campaigns/export?period=…&by=…`: the console's funnel table as CSV; operators only. */
export const handleCampaignsExport = operatorCsvExport({
  name: 'campaigns-export',
  auditKey: 'funnel',
  async csv(admin, params) {
    const query = parseFunnelQuery(params);
    const rows = await admin.repos.deals.funnel(query.by, query);
    return { body: funnelCsv(query, rows, (key) => funnelKeyName(query.by, key)), filename: `campaigns-${query.by}-${query.fromDay}-${query.toDay}.csv` };
  },
});
