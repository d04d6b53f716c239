import { storyPages } from '@/features/articles/story-pages';

export function generateMetadata() {
  return storyPages.listMetadata();
}

export default function PersonalStoriesPage() {
  return <storyPages.List />;
}
