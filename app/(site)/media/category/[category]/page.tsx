import { mediaPages } from '@/features/articles/media-pages';
import { withParams } from '@/lib/route-params';

type Params = { category: string };

export const dynamicParams = false;
export const generateStaticParams = mediaPages.categoryParams;
export const generateMetadata = withParams(({ category }: Params) => mediaPages.listMetadata(category));
export default withParams(({ category }: Params) => <mediaPages.List categorySlug={category} />);
