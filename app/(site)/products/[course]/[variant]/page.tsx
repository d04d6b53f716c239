import { coursePageRoute } from '../../../course-page-route';

/** A variant of a product page (/products/junior-js/cvrna): same page, the variant's form, noindex. */
const route = coursePageRoute('/products/[course]/[variant]');

export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
