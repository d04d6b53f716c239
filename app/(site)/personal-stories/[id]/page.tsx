import { StoryView, storyMetadata, storyParams } from '@/features/articles/story-pages';
import { withParams } from '@/lib/route-params';

type Params = { id: string };

export const dynamicParams = false;
export const generateStaticParams = storyParams;
export const generateMetadata = withParams(({ id }: Params) => storyMetadata(id));
export default withParams(({ id }: Params) => <StoryView id={id} />);
