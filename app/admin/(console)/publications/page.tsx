import type { Metadata } from 'next';
import { loadPublications } from '@/features/console-publications/load';
import { PublicationsPage } from '@/features/console-publications/publications-page';

export const metadata: Metadata = { title: 'Публикации' };

export default async function Page({ searchParams }: { searchParams: Promise<{ done?: string }> }) {
  const [{ done }, data] = await Promise.all([searchParams, loadPublications()]);
  return <PublicationsPage {...data} done={done} />;
}
