import { coursePageRoute } from '../../course-page-route';

const route = coursePageRoute('/products/[course]');

export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
