import { StoryList, storyListMetadata } from '@/features/articles/story-pages';

export function generateMetadata() {
  return storyListMetadata();
}

export default function PersonalStoriesPage() {
  return <StoryList />;
}
