import { RoadmapView, roadmapMetadata, roadmapParams } from '@/features/articles/roadmap-pages';
import { withParams } from '@/lib/route-params';

type Params = { roadmapAlias: string };

export const dynamicParams = false;
export const generateStaticParams = roadmapParams;
export const generateMetadata = withParams(({ roadmapAlias }: Params) => roadmapMetadata(roadmapAlias));
export default withParams(({ roadmapAlias }: Params) => <RoadmapView alias={roadmapAlias} />);
