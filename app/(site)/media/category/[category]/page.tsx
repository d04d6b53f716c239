import { mediaPages } from '@/features/articles/media-pages';
import { withParams } from '@/lib/route-params';

type Params = { category: string };

// Not only the built ones: an address the console published since renders on demand (the page finds it in
// the live state, content/live/state.ts) and any other is the page's own 404.
export const dynamicParams = true;
export const generateStaticParams = mediaPages.categoryParams;
export const generateMetadata = withParams(({ category }: Params) => mediaPages.listMetadata(category));
export default withParams(({ category }: Params) => <mediaPages.List categorySlug={category} />);
