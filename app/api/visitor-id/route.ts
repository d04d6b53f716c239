import { methodNotAllowed, visitorIdRoute } from '@/server/api';

export const dynamic = 'force-dynamic';

export const POST = visitorIdRoute;

const notAllowed = () => methodNotAllowed('POST');
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
