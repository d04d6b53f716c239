import { campaignsExportRoute } from '@/server/api';

export const dynamic = 'force-dynamic';

export const GET = campaignsExportRoute;
