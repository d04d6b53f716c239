import { popupEventsResponse } from '@/server/admin/popup-events-route';

export const dynamic = 'force-dynamic';

export function POST(request: Request) {
  return popupEventsResponse(request);
}
