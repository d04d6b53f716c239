import type { Metadata } from 'next';
import { SpeedPage } from '@/features/admin/speed-page';
import { requireOperator } from '@/server/admin/session';

export const metadata: Metadata = { title: 'Скорость сайта' };

/** Field Core Web Vitals per page type and device (issue 30). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { runtime, now } = await requireOperator();
  return <SpeedPage repos={runtime.repos} params={await searchParams} now={now} />;
}
