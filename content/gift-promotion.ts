import { pluralRu } from '@/lib/plural';
import { giftOfferInputs } from './gift-offers';
import { biggestGiftDiscount } from './gift-offer-prices';
import { contacts } from './site';

/** "13 подарков": the number follows the offers of content/gift-offers.ts. */
const gifts = `${giftOfferInputs.length} ${pluralRu(giftOfferInputs.length, { one: 'подарок', few: 'подарка', many: 'подарков' })}`;
const secretGifts = `${giftOfferInputs.length} ${pluralRu(giftOfferInputs.length, { one: 'секретный подарок', few: 'секретных подарка', many: 'секретных подарков' })}`;

/** The gift promotion page (the gift modal links to it): every text of the page, link previews and search engines. */
export const giftPromotion = {
  path: '/events/new-year-2425',
  kicker: 'Новогодняя акция',
  title: 'Секретные подарки от Санты',
  metaTitle: 'Новогодняя акция «Подарки от Санты»',
  // Getters: the biggest discount follows the prices in effect (the console's, content/courses.ts).
  get description() {
    return `Новогодняя акция школы: ${secretGifts} от Санты — курсы и программы со скидками до ${biggestGiftDiscount()}%. Каждый подарок доступен только в своё время.`;
  },
  get lead() {
    return `Под Новый год Санта спрятал на сайте ${gifts}: курсы, интенсивы и целые программы обучения со скидками до ${biggestGiftDiscount()}%. Каждый подарок можно забрать только в своё окно — заглядывайте почаще, чтобы не пропустить свой.`;
  },
  stepsHeading: 'Как забрать подарок',
  steps: [
    'Подарки открываются по очереди: у каждого — своё окно, от нескольких часов до пары дней. Какой подарок следующий, Санта держит в секрете.',
    'Пока подарок доступен, в левом нижнем углу любой страницы сайта горит оранжевая вкладка с надписью «Не упустите» и таймером до конца окна. Между подарками вкладка серая и считает время до следующего.',
    `Нажмите на вкладку, оставьте имя, почту и телефон — и подарок ваш. Для курсов с оплатой сразу откроется страница оплаты, по остальным менеджер перезвонит с ${contacts.callTime.opens} до ${contacts.callTime.closes} по Москве.`,
  ],
  offersHeading: `Все ${gifts}`,
  pricesNote: 'Цены действуют только в окно подарка. Цена со значком «/мес.» — ежемесячный платёж в рассрочку.',
  payNow: 'Оплата сразу на странице оплаты',
  payByInstalments: 'Рассрочка: детали расскажет менеджер',
  questionsHeading: 'Остались вопросы?',
  questions: `Напишите нам на ${contacts.supportEmail} или позвоните по номеру ${contacts.phone.display} — мы на связи ${contacts.workTime}. А пока можно выбрать курс в каталоге.`,
  catalogLink: { href: '/products', label: 'Каталог курсов' },
  /** Drawn by scripts/generate-images.ts like the other events' cards. */
  ogImage: '/images/og/events/new-year-2425.png',
} as const;
