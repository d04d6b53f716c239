import { StoryList, storyListMetadata, storyCategoryParams } from '@/features/articles/story-pages';
import { withParams } from '@/lib/route-params';

type Params = { category: string };

export const dynamicParams = false;
export const generateStaticParams = storyCategoryParams;
export const generateMetadata = withParams(({ category }: Params) => storyListMetadata(category));
export default withParams(({ category }: Params) => <StoryList categorySlug={category} />);
