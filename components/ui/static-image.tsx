import { getImageProps, type ImageProps } from 'next/image';
import { preload } from 'react-dom';

type StaticImageProps = ImageProps & {
  /**
   * A media query where the image is on the first screen and may be the largest paint (a hero on a wide
   * screen): there it is preloaded with high priority; elsewhere (a phone, where the text comes first
   * and the picture below it) it loads lazily and with low priority, after the page has painted its text.
   */
  firstScreenWhen?: string;
};

/**
 * An image with everything next/image computes (optimised WebP sources in `srcset`, `sizes`, lazy loading
 * unless told otherwise, width and height against layout shift) drawn as a plain `<img>` on the server.
 * The `<Image>` component itself is a client component: a page using it ships and hydrates its code
 * (about 5 kB) although a static picture needs none of it.
 */
export function StaticImage({ firstScreenWhen, ...props }: StaticImageProps) {
  // A picture uploaded in the console (GET /api/content-images/{id}) is stored re-encoded at its final size: served as it is.
  const stored = typeof props.src === 'string' && props.src.startsWith('/api/content-images/');
  const options = stored ? { ...props, unoptimized: true } : props;
  const { props: image } = getImageProps(firstScreenWhen ? { ...options, fetchPriority: 'low' } : options);
  if (firstScreenWhen) {
    preload(image.src, { as: 'image', imageSrcSet: image.srcSet, imageSizes: image.sizes, fetchPriority: 'high', media: firstScreenWhen });
  }
  // The rule's advice (next/image) is the client component this one exists to avoid; the sources are its own.
  // eslint-disable-next-line @next/next/no-img-element
  return <img {...image} alt={props.alt} />;
}
