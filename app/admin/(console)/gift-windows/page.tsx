import type { Metadata } from 'next';
import { GiftWindowsPage } from '@/features/console-gifts/gift-windows-page';
import { loadGiftWindows } from '@/features/console-gifts/load';

export const metadata: Metadata = { title: 'Окна подарков' };

export default async function Page({ searchParams }: { searchParams: Promise<{ edit?: string }> }) {
  const { edit } = await searchParams;
  const windows = await loadGiftWindows(edit);
  return <GiftWindowsPage {...windows} />;
}
