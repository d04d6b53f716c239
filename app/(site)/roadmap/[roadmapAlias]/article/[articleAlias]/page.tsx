import { RoadmapArticleView, roadmapArticleMetadata, roadmapArticleParams } from '@/features/articles/roadmap-pages';
import { withParams } from '@/lib/route-params';

type Params = { roadmapAlias: string; articleAlias: string };

export const dynamicParams = false;
export const generateStaticParams = roadmapArticleParams;
export const generateMetadata = withParams(({ roadmapAlias, articleAlias }: Params) => roadmapArticleMetadata(roadmapAlias, articleAlias));
export default withParams(({ roadmapAlias, articleAlias }: Params) => <RoadmapArticleView roadmapAlias={roadmapAlias} articleAlias={articleAlias} />);
