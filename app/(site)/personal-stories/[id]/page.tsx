import { storyPages } from '@/features/articles/story-pages';
import { withParams } from '@/lib/route-params';

type Params = { id: string };

export const dynamicParams = false;
export const generateStaticParams = storyPages.itemParams;
export const generateMetadata = withParams(({ id }: Params) => storyPages.itemMetadata(id));
export default withParams(({ id }: Params) => <storyPages.ItemView id={id} />);
