import { StoryView, storyMetadata, storyParams } from '@/features/articles/story-pages';

type Props = { params: Promise<{ id: string }> };

export const dynamicParams = false;
export const generateStaticParams = storyParams;

export async function generateMetadata({ params }: Props) {
  return storyMetadata((await params).id);
}

export default async function StoryPage({ params }: Props) {
  return <StoryView id={(await params).id} />;
}
