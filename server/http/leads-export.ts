import { parseLeadFilter } from '../admin/lead-filter';
import { leadsCsvStream } from '../admin/leads-csv';
import type { AdminRuntime } from '../admin/runtime';
import { operatorOf, unauthorizedResponse } from '../admin/session';
import { answer } from './endpoint';

/** `GET /api/admin/leads/export?<filter>`: the filtered leads as a CSV download, streamed; operators only. */
export function handleLeadsExport(request: Request, runtime: () => Promise<AdminRuntime>): Promise<Response> {
  return answer('leads-export', async () => {
    const admin = await runtime();
    const operator = await operatorOf(request.headers, admin);
    if (!operator) return unauthorizedResponse();
    const params = Object.fromEntries(new URL(request.url).searchParams);
    await admin.repos.audit.record({ actor: operator.email, action: 'export', details: { filter: params } }, Date.now());
    const day = new Date().toISOString().slice(0, 10);
    return new Response(leadsCsvStream(admin.repos, parseLeadFilter(params)), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="leads-${day}.csv"`,
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      },
    });
  });
}
