import { methodNotAllowed, popupsRoute } from '@/server/api';

// Read from the database on each request (behind a 30 s Cache-Control), never frozen at build time.
export const dynamic = 'force-dynamic';

export const GET = popupsRoute;

const notAllowed = () => methodNotAllowed('GET');
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
