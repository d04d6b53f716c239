import { funnelKeyName } from '@/content/names';
import { funnelCsv, parseFunnelQuery } from '@/lib/funnel';
import { sitePages } from '../site-pages';
import { operatorCsvExport } from './operator-csv-export';

/** `GET /api/admin/campaigns/export?period=…&by=…`: the console's funnel table as CSV; operators only. */
export const handleCampaignsExport = operatorCsvExport({
  name: 'campaigns-export',
  auditKey: 'funnel',
  async csv(admin, params) {
    const query = parseFunnelQuery(params);
    const [rows, { collectionNames }] = await Promise.all([admin.repos.deals.funnel(query.by, query), sitePages()]);
    return {
      body: funnelCsv(query, rows, (key) => funnelKeyName(query.by, key, collectionNames)),
      filename: `campaigns-${query.by}-${query.fromDay}-${query.toDay}.csv`,
    };
  },
});
