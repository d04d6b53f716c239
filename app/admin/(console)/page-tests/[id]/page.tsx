import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadPageTest, testablePages } from '@/features/console-experiments/page-test-load';
import { PageTestPage } from '@/features/console-experiments/page-test-page';

export const metadata: Metadata = { title: 'Тест страницы' };

export default async function Page({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ done?: string; keep?: string }> }) {
  const { id } = await params;
  const { done, keep } = await searchParams;
  const data = (await loadPageTest(id)) ?? notFound();
  const kept = keep !== undefined && /^[0-3]$/.test(keep) ? Number(keep) : null;
  return <PageTestPage {...data} pages={testablePages()} done={done ?? null} keep={kept} />;
}
