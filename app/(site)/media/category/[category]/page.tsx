import { MediaList, mediaListMetadata, mediaCategoryParams } from '@/features/articles/media-pages';
import { withParams } from '@/lib/route-params';

type Params = { category: string };

export const dynamicParams = false;
export const generateStaticParams = mediaCategoryParams;
export const generateMetadata = withParams(({ category }: Params) => mediaListMetadata(category));
export default withParams(({ category }: Params) => <MediaList categorySlug={category} />);
