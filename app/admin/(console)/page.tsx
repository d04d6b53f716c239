import type { Metadata } from 'next';
import { loadOverview } from '@/features/console-overview/load';
import { OverviewPage } from '@/features/console-overview/overview-page';

export const metadata: Metadata = { title: 'Обзор' };

export default async function Page() {
  const overview = await loadOverview();
  return <OverviewPage {...overview} />;
}
