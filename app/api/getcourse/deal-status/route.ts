import { dealStatusRoute, methodNotAllowed } from '@/server/api';

export const dynamic = 'force-dynamic';

// GetCourse's «Вызвать URL» block calls with GET or POST; the data is in the query either way.
export const GET = dealStatusRoute;
export const POST = dealStatusRoute;

const notAllowed = () => methodNotAllowed('GET, POST');
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
