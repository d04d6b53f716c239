import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadContentEdit } from '@/features/console-articles/load';
import { ContentEditPage, type ContentNotices } from '@/features/console-articles/content-pages';

export const metadata: Metadata = { title: 'Статья' };

export default async function Page({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<ContentNotices> }) {
  const [{ slug }, notices] = await Promise.all([params, searchParams]);
  const data = (await loadContentEdit('article', slug)) ?? notFound();
  return <ContentEditPage data={data} notices={notices} />;
}
