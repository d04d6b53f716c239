import { parseLeadFilter } from '../admin/lead-filter';
import { leadsCsvStream } from '../admin/leads-csv';
import { leadsXlsxStream } from '../admin/leads-xlsx';
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

/** `GET /api/admin/leads/export/xlsx?<filter>`: the same rows as an Excel workbook, streamed; operators only. */
export const handleLeadsXlsxExport = operatorCsvExport({
  name: 'leads-export-xlsx',
  auditKey: 'filter',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  format: 'xlsx',
  async csv(admin, params) {
    const day = new Date().toISOString().slice(0, 10);
    return { body: leadsXlsxStream(admin.repos, parseLeadFilter(params)), filename: `leads-${day}.xlsx` };
  },
});
