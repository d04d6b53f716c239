import type { Metadata } from 'next';
import { CampaignsPage } from '@/features/console-campaigns/campaigns-page';
import { loadCampaigns } from '@/features/console-campaigns/load';

export const metadata: Metadata = { title: 'Кампании' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const campaigns = await loadCampaigns(await searchParams);
  return <CampaignsPage {...campaigns} />;
}
