import { biggestGiftDiscount } from './gift-offers';

/** The gift promotion page (spec 2.5 links to it): its texts for the page, link previews and search engines. */
export const giftPromotion = {
  path: '/events/new-year-2425',
  kicker: 'Новогодняя акция',
  title: 'Секретные подарки от Санты',
  metaTitle: 'Новогодняя акция «Подарки от Санты»',
  description:
    `Новогодняя акция школы: 13 секретных подарков от Санты — курсы и программы со скидками до ${biggestGiftDiscount()}%. Каждый подарок доступен только в своё время.`,
  /** Drawn by scripts/generate-images.ts like the other events' cards. */
  ogImage: '/images/og/events/new-year-2425.png',
} as const;
