import type { Metadata } from 'next';
import { loadSpeed } from '@/features/console-speed/load';
import { SpeedPage } from '@/features/console-speed/speed-page';

export const metadata: Metadata = { title: 'Скорость сайта' };

/** Field Core Web Vitals per page type and device. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const speed = await loadSpeed(await searchParams);
  return <SpeedPage {...speed} />;
}
