import { MediaList, mediaListMetadata, mediaCategoryParams } from '@/features/articles/media-pages';

type Props = { params: Promise<{ category: string }> };

export const dynamicParams = false;
export const generateStaticParams = mediaCategoryParams;

export async function generateMetadata({ params }: Props) {
  return mediaListMetadata((await params).category);
}

export default async function MediaCategoryPage({ params }: Props) {
  return <MediaList categorySlug={(await params).category} />;
}
