import { mediaPages } from '@/features/articles/media-pages';
import { withParams } from '@/lib/route-params';

type Params = { id: string };

// Not only the built ones: an address the console published since renders on demand (the page finds it in
// the live state, content/live/state.ts) and any other is the page's own 404.
export const dynamicParams = true;
export const generateStaticParams = mediaPages.itemParams;
export const generateMetadata = withParams(({ id }: Params) => mediaPages.itemMetadata(id));
export default withParams(({ id }: Params) => <mediaPages.ItemView id={id} />);
