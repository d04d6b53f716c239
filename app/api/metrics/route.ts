import { methodNotAllowed, metricsRoute } from '@/server/api';

export const dynamic = 'force-dynamic';

export const GET = metricsRoute;

const notAllowed = () => methodNotAllowed('GET');
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
