import { MediaArticleView, mediaArticleMetadata, mediaArticleParams } from '@/features/articles/media-pages';
import { withParams } from '@/lib/route-params';

type Params = { id: string };

export const dynamicParams = false;
export const generateStaticParams = mediaArticleParams;
export const generateMetadata = withParams(({ id }: Params) => mediaArticleMetadata(id));
export default withParams(({ id }: Params) => <MediaArticleView id={id} />);
