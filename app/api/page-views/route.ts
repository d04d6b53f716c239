import { apiRoutes } from '@/server/api';

export const dynamic = 'force-dynamic';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes['/api/page-views'];
