import { exportLeadsResponse } from '@/server/admin/export-route';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return exportLeadsResponse(request);
}
