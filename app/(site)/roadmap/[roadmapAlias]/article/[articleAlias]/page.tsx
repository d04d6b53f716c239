import { RoadmapArticleView, roadmapArticleMetadata, roadmapArticleParams } from '@/features/articles/roadmap-pages';

type Props = { params: Promise<{ roadmapAlias: string; articleAlias: string }> };

export const dynamicParams = false;
export const generateStaticParams = roadmapArticleParams;

export async function generateMetadata({ params }: Props) {
  const { roadmapAlias, articleAlias } = await params;
  return roadmapArticleMetadata(roadmapAlias, articleAlias);
}

export default async function RoadmapArticlePage({ params }: Props) {
  const { roadmapAlias, articleAlias } = await params;
  return <RoadmapArticleView roadmapAlias={roadmapAlias} articleAlias={articleAlias} />;
}
