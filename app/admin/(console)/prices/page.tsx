import type { Metadata } from 'next';
import { loadPriceList } from '@/features/console-prices/load';
import { priceNotices } from '@/features/console-prices/price-labels';
import { PricesPage } from '@/features/console-prices/prices-page';

export const metadata: Metadata = { title: 'Цены' };

export default async function Page({ searchParams }: { searchParams: Promise<{ missing?: string; notCancelled?: string }> }) {
  const { missing, notCancelled } = await searchParams;
  const list = await loadPriceList();
  return <PricesPage {...list} notice={missing ? priceNotices.missing : notCancelled ? priceNotices.notCancelled : null} />;
}
