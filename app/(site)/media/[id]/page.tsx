import { mediaPages } from '@/features/articles/media-pages';
import { withParams } from '@/lib/route-params';

type Params = { id: string };

export const dynamicParams = false;
export const generateStaticParams = mediaPages.itemParams;
export const generateMetadata = withParams(({ id }: Params) => mediaPages.itemMetadata(id));
export default withParams(({ id }: Params) => <mediaPages.ItemView id={id} />);
