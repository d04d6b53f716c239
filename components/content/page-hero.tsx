import { StaticImage } from '@/components/ui/static-image';
import type { ReactNode } from 'react';
import { typography } from '@/lib/typography';

export interface HeroImageData {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * The hero's picture: beside the headline from `lg` up (in a column `columnWidth` px wide), where it is
 * usually the largest paint and is preloaded first. Below `lg` it is not shown (nor fetched: a lazy picture
 * that is not displayed is never asked for). It would stand below the text, partly on the first screen and
 * larger than the headline, and arrive a second after the text had painted: a phone's largest paint would
 * then be the picture, not the text painted with the first frame (docs/speed.md).
 */
export function HeroImage({ image, columnWidth = 480 }: { image: HeroImageData; columnWidth?: number }) {
  return (
    <StaticImage
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={`${columnWidth}px`}
      firstScreenWhen="(min-width: 1024px)"
      className="hidden w-full rounded-3xl shadow-lg lg:block"
    />
  );
}

/** The top of a content page: eyebrow, the page's h1, the lead paragraph, actions and an optional image. */
export function PageHero({
  eyebrow,
  title,
  lead,
  image,
  children,
}: {
  eyebrow: ReactNode;
  title: string;
  lead: string;
  image?: HeroImageData;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title" className="bg-gradient-to-b from-brand-50 to-white">
      <div className={`mx-auto grid max-w-6xl gap-10 px-4 py-12 md:py-16 ${image ? 'lg:grid-cols-[1fr_minmax(0,480px)] lg:items-center' : ''}`}>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{eyebrow}</p>
          <h1 id="page-title" className="mt-3 text-3xl font-bold leading-tight sm:text-4xl lg:text-5xl">
            {typography(title)}
          </h1>
          <p className="mt-5 max-w-3xl text-lg text-gray-700">{typography(lead)}</p>
          {children && <div className="mt-8 flex flex-wrap items-center gap-4">{children}</div>}
        </div>
        {image && <HeroImage image={image} />}
      </div>
    </section>
  );
}
