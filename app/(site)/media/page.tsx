import { mediaPages } from '@/features/articles/media-pages';

export function generateMetadata() {
  return mediaPages.listMetadata();
}

export default function MediaPage() {
  return <mediaPages.List />;
}
