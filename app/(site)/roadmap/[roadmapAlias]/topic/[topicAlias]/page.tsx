import { TopicView, topicMetadata, topicParams } from '@/features/articles/roadmap-pages';
import { withParams } from '@/lib/route-params';

type Params = { roadmapAlias: string; topicAlias: string };

export const dynamicParams = false;
export const generateStaticParams = topicParams;
export const generateMetadata = withParams(({ roadmapAlias, topicAlias }: Params) => topicMetadata(roadmapAlias, topicAlias));
export default withParams(({ roadmapAlias, topicAlias }: Params) => <TopicView roadmapAlias={roadmapAlias} topicAlias={topicAlias} />);
