import type { Metadata } from 'next';
import { JsonLd } from '@/components/content/json-ld';
import { giftOffers } from '@/content/gift-offer-prices';
import { giftPromotion } from '@/content/gift-promotion';
import { giftPromotionJsonLd } from '@/features/content-pages/structured-data';
import { GiftPromotionPage } from '@/features/gift/promotion-page';
import { pageMetadata } from '@/lib/page-metadata';
import { typography } from '@/lib/typography';

// A function, not a constant: the description names the biggest discount, which follows the prices in effect.
export function generateMetadata(): Metadata {
  return pageMetadata({
    title: giftPromotion.metaTitle,
    description: typography(giftPromotion.description),
    path: giftPromotion.path,
    image: { src: giftPromotion.ogImage, alt: giftPromotion.metaTitle },
  });
}

export default function NewYearPromotionPage() {
  return <GiftPromotionPage copy={giftPromotion} offers={giftOffers()} structuredData={<JsonLd data={giftPromotionJsonLd(giftOffers())} />} />;
}
