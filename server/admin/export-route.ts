import { parseLeadFilter } from './lead-filter';
import { recordAudit } from './audit';
import { leadsCsvStream } from './leads-csv';
import { getAdminRuntime } from './runtime';
import { operatorOf, unauthorizedResponse } from './session';

/** `GET /api/admin/leads/export?<filter>`: the filtered leads as a CSV download, streamed. */
export async function exportLeadsResponse(request: Request): Promise<Response> {
  const runtime = await getAdminRuntime();
  const operator = await operatorOf(request.headers, runtime);
  if (!operator) return unauthorizedResponse();
  const params = Object.fromEntries(new URL(request.url).searchParams);
  await recordAudit(runtime.database, { actor: operator.email, action: 'export', details: { filter: params } });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(leadsCsvStream(runtime.database, parseLeadFilter(params)), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="leads-${day}.csv"`,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
