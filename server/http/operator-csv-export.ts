import type { AdminRuntime } from '../admin/runtime';
import { operatorOf, unauthorizedResponse } from '../admin/session';
import { answer } from './endpoint';

/** What an export makes of the request's query parameters. */
export interface CsvExport {
  /** The audit log's name for the parameters (`details: { [auditKey]: params }`). */
  auditKey: string;
  csv(admin: AdminRuntime, params: Record<string, string>): Promise<{ body: BodyInit; filename: string }>;
}

/**
 * A console CSV download, operators only: the export is written to the audit log (who, with which
 * parameters) before the file is made, and the file is neither cached nor indexed.
 */
export function operatorCsvExport(
  route: string,
  request: Request,
  runtime: () => Promise<AdminRuntime>,
  exported: CsvExport,
): Promise<Response> {
  return answer(route, async () => {
    const admin = await runtime();
    const operator = await operatorOf(request.headers, admin);
    if (!operator) return unauthorizedResponse();
    const params = Object.fromEntries(new URL(request.url).searchParams);
    await admin.repos.audit.record({ actor: operator.email, action: 'export', details: { [exported.auditKey]: params } }, Date.now());
    const { body, filename } = await exported.csv(admin, params);
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      },
    });
  });
}
