import { TopicView, topicMetadata, topicParams } from '@/features/articles/roadmap-pages';

type Props = { params: Promise<{ roadmapAlias: string; topicAlias: string }> };

export const dynamicParams = false;
export const generateStaticParams = topicParams;

export async function generateMetadata({ params }: Props) {
  const { roadmapAlias, topicAlias } = await params;
  return topicMetadata(roadmapAlias, topicAlias);
}

export default async function TopicPage({ params }: Props) {
  const { roadmapAlias, topicAlias } = await params;
  return <TopicView roadmapAlias={roadmapAlias} topicAlias={topicAlias} />;
}
