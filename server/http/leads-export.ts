import { parseLeadFilter } from '../admin/lead-filter';
import { leadsCsvStream } from '../admin/leads-csv';
import { operatorCsvExport } from './operator-csv-export';

/** `GET /api/admin/leads/export?<filter>`: the filtered leads as a CSV download, streamed; operators only. */
export const handleLeadsExport = operatorCsvExport({
  name: 'leads-export',
  auditKey: 'filter',
  async csv(admin, params) {
    const day = new Date().toISOString().slice(0, 10);
    return { body: leadsCsvStream(admin.repos, parseLeadFilter(params)), filename: `leads-${day}.csv` };
  },
});
