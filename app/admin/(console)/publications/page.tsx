import type { Metadata } from 'next';
import { loadPublications } from '@/features/console-publications/load';
import { PublicationsPage } from '@/features/console-publications/publications-page';

export const metadata: Metadata = { title: 'Публикации' };

export default async function Page() {
  return <PublicationsPage {...await loadPublications()} />;
}
