import { healthResponse } from '@/server/admin/health-route';

export const dynamic = 'force-dynamic';

export function GET() {
  return healthResponse();
}
