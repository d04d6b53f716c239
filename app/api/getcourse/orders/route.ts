import { methodNotAllowed, ordersRoute } from '@/server/api';

export const dynamic = 'force-dynamic';

export const POST = ordersRoute;

const notAllowed = () => methodNotAllowed('POST');
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
