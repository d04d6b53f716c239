import { MediaArticleView, mediaArticleMetadata, mediaArticleParams } from '@/features/articles/media-pages';

type Props = { params: Promise<{ id: string }> };

export const dynamicParams = false;
export const generateStaticParams = mediaArticleParams;

export async function generateMetadata({ params }: Props) {
  return mediaArticleMetadata((await params).id);
}

export default async function MediaArticlePage({ params }: Props) {
  return <MediaArticleView id={(await params).id} />;
}
