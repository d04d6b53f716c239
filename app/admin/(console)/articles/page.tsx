import type { Metadata } from 'next';
import { loadContentList } from '@/features/console-articles/load';
import { ContentListPage } from '@/features/console-articles/content-pages';

export const metadata: Metadata = { title: 'Статьи' };

export default async function Page() {
  return <ContentListPage kind="article" rows={await loadContentList('article')} />;
}
