import { storyPages } from '@/features/articles/story-pages';
import { withParams } from '@/lib/route-params';

type Params = { category: string };

export const dynamicParams = false;
export const generateStaticParams = storyPages.categoryParams;
export const generateMetadata = withParams(({ category }: Params) => storyPages.listMetadata(category));
export default withParams(({ category }: Params) => <storyPages.List categorySlug={category} />);
