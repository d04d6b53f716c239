import { getImageProps, type ImageProps } from 'next/image';

/**
 * An image with everything next/image computes (optimised WebP sources in `srcset`, `sizes`, lazy loading
 * unless told otherwise, width and height against layout shift) drawn as a plain `<img>` on the server.
 * The `<Image>` component itself is a client component: a page using it ships and hydrates its code
 * (about 5 kB) although a static picture needs none of it.
 */
export function StaticImage(props: ImageProps) {
  const { props: image } = getImageProps(props);
  // The rule's advice (next/image) is the client component this one exists to avoid; the sources are its own.
  // eslint-disable-next-line @next/next/no-img-element
  return <img {...image} alt={props.alt} />;
}
