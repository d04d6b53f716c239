import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { mediaPages } from '@/features/articles/media-pages';
import { loadVersionPreview } from '@/features/console-articles/load';
import { VersionPreviewFrame } from '@/features/console-articles/version-preview';

export const metadata: Metadata = { title: 'Статья как на сайте', robots: { index: false } };

/** A saved version of an article as a visitor would see its page (console-articles loads it, articles renders it). */
export default async function Page({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const preview = /^\d{1,12}$/.test(id) ? await loadVersionPreview('article', slug, Number(id)) : undefined;
  if (!preview) notFound();
  return (
    <VersionPreviewFrame kind="article" slug={slug} version={Number(id)} problems={'problems' in preview ? preview.problems : []}>
      {'kind' in preview && preview.kind === 'article' && <mediaPages.ItemPage item={preview.article} />}
    </VersionPreviewFrame>
  );
}
