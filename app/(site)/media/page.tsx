import { MediaList, mediaListMetadata } from '@/features/articles/media-pages';

export function generateMetadata() {
  return mediaListMetadata();
}

export default function MediaPage() {
  return <MediaList />;
}
