import type { AdminRuntime } from '../admin/runtime';
import { operatorOf } from '../admin/session';
import { endpoint } from './endpoint';
import { refuse } from './responses';

/** What an export makes of the request's query parameters. */
export interface CsvExport {
  /** The endpoint's name in the log. */
  name: string;
  /** The audit log's name for the parameters (`details: { [auditKey]: params }`). */
  auditKey: string;
  csv(admin: AdminRuntime, params: Record<string, string>): Promise<{ body: BodyInit; filename: string }>;
  /** The file's type when it is no CSV (the leads' .xlsx). */
  contentType?: string;
  /** Written beside the parameters in the audit log (`details.format`) when the file is no CSV. */
  format?: 'xlsx';
}

/**
 * A console CSV (or .xlsx) download (`GET`), operators only: without a session 401 `sign_in_required`; the export
 * is written to the audit log (who, with which parameters) before the file is made, and the file is
 * neither cached nor indexed.
 */
export function operatorCsvExport(exported: CsvExport) {
  return endpoint<AdminRuntime>({
    name: exported.name,
    methods: ['GET'],
    async handle({ request, runtime: admin }) {
      const operator = await operatorOf(request.headers, admin);
      if (!operator) return refuse(401, 'sign_in_required', { headers: { 'cache-control': 'private, no-store' } });
      const params = Object.fromEntries(new URL(request.url).searchParams);
      await admin.repos.audit.record(
        { actor: operator.email, action: 'export', details: { [exported.auditKey]: params, ...(exported.format ? { format: exported.format } : {}) } },
        Date.now(),
      );
      const { body, filename } = await exported.csv(admin, params);
      return new Response(body, {
        headers: {
          'content-type': exported.contentType ?? 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${filename}"`,
          'cache-control': 'private, no-store',
          'x-robots-tag': 'noindex',
        },
      });
    },
  });
}
