import { StoryList, storyListMetadata, storyCategoryParams } from '@/features/articles/story-pages';

type Props = { params: Promise<{ category: string }> };

export const dynamicParams = false;
export const generateStaticParams = storyCategoryParams;

export async function generateMetadata({ params }: Props) {
  return storyListMetadata((await params).category);
}

export default async function StoryCategoryPage({ params }: Props) {
  return <StoryList categorySlug={(await params).category} />;
}
