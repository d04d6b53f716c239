import type { Metadata } from 'next';
import { LearnedPage } from '@/features/console-learned/learned-page';
import { loadLearnedPage } from '@/features/console-learned/load';

export const metadata: Metadata = { title: 'Что мы узнали' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <LearnedPage {...await loadLearnedPage(await searchParams)} />;
}
