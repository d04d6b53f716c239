import type { Metadata } from 'next';
import { loadContentList } from '@/features/console-articles/load';
import { ContentListPage } from '@/features/console-articles/content-pages';

export const metadata: Metadata = { title: 'События' };

export default async function Page() {
  return <ContentListPage kind="event" rows={await loadContentList('event')} />;
}
