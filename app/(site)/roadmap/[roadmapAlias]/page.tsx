import { RoadmapView, roadmapMetadata, roadmapParams } from '@/features/articles/roadmap-pages';

type Props = { params: Promise<{ roadmapAlias: string }> };

export const dynamicParams = false;
export const generateStaticParams = roadmapParams;

export async function generateMetadata({ params }: Props) {
  return roadmapMetadata((await params).roadmapAlias);
}

export default async function RoadmapPage({ params }: Props) {
  return <RoadmapView alias={(await params).roadmapAlias} />;
}
