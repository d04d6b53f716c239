import path from 'node:path';
import { requireOperator } from '@/server/admin/session';
import { publicationsAt } from './publications-data';

/** «Публикации» for the signed-in operator, now (features/console-publications/publications-data.ts). */
export async function loadPublications() {
  const { runtime, now } = await requireOperator();
  return publicationsAt({ repos: runtime.repos, contentRoot: path.join(process.cwd(), 'content'), now });
}
