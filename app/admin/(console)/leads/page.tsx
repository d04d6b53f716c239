import type { Metadata } from 'next';
import { LeadsPage } from '@/features/console-leads/leads-page';
import { loadLeadsPage } from '@/features/console-leads/load';
import type { LeadSearchParams } from '@/server/admin/lead-filter';

export const metadata: Metadata = { title: 'Заявки' };

export default async function Page({ searchParams }: { searchParams: Promise<LeadSearchParams> }) {
  const leads = await loadLeadsPage(await searchParams);
  return <LeadsPage {...leads} />;
}
