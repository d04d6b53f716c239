import { getImageProps, type ImageProps } from 'next/image';

/**
 * An image with everything next/image computes (optimised WebP sources in `srcset`, `sizes`, lazy loading
 * unless told otherwise, width and height against layout shift) drawn as a plain `<img>` on the server.
 * The `<Image>` component itself is a client component: a page using it ships and hydrates its code
 * (about 5 kB) although a static picture needs none of it.
 */
export function StaticImage(props: ImageProps) {
  const { props: image } = getImageProps(props);
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- next/image's own props, alt included
  return <img {...image} />;
}
