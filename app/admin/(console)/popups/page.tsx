import type { Metadata } from 'next';
import { loadPopupsPage } from '@/features/console-popups/load';
import { PopupsPage } from '@/features/console-popups/popups-page';

export const metadata: Metadata = { title: 'Поп-апы' };

export default async function Page({ searchParams }: { searchParams: Promise<{ from?: string; to?: string }> }) {
  const popups = await loadPopupsPage(await searchParams);
  return <PopupsPage {...popups} />;
}
