import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadContentEdit } from '@/features/console-articles/load';
import { ContentEditPage } from '@/features/console-articles/content-pages';

export const metadata: Metadata = { title: 'Новое событие' };

export default async function Page() {
  const data = (await loadContentEdit('event', null)) ?? notFound();
  return <ContentEditPage data={data} notices={{}} />;
}
