/**
 * The timed pop-ups. Which one a page shows is decided by
 * `lib/popups/targeting.ts` from `includePaths` / `excludePaths` (pattern rules there) and, for a
 * pop-up bound to one page, from the `pageMarker` that page declares.
 *
 * Lead-form pop-ups submit through our own back end as ajax forms: the browser sends only `formId`.
 * What each one becomes in GetCourse lives in the server's registry (`content/popup-lead-forms.ts`)
 * under the same id, so the browser can never choose what the server sends.
 */
import type { DiscountPopupContent, LeadFormPopupConfig, PopupConfig } from '../lib/popups/config';
import { contacts } from './site';

/**
 * The `<meta name>` a page declares its pop-up markers with: `<meta name="popup" content="gift-junior">`.
 * The pop-up host learns the pop-ups from `GET /api/popups`, so a secret page (the gift token path) is
 * found by its marker, never by a path written here.
 */
export { popupMarkerMetaName } from '../lib/popups/marker';

export type {
  DiscountPopupContent,
  GiftPopupContent,
  LeadFormPopupConfig,
  PopupConfig,
  PopupTargeting,
  PromoPopupConfig,
  PromoPopupContent,
} from '../lib/popups/config';

/** The pop-up id: `popupName`, falling back to the form id. Names its suppression cookie. */
export function popupId(config: PopupConfig): string {
  return config.formConfig === null ? config.popupName : (config.popupName ?? config.formConfig.formId);
}

export const popupDelayMs = 30_000;
export const giftPopupDelayMs = 45_000;

const promoAction = { actionLabel: 'Подписаться на канал', actionHref: contacts.frameworkChannel } as const;

const discountContent: DiscountPopupContent = {
  kind: 'discount',
  title: 'Успейте поймать скидку!',
  text: 'Специально для вас – дополнительная скидка 5%!',
  submitLabel: 'Зафиксировать скидку',
};

/** A lead-form pop-up with the shared discount form, posted as `formId` with the product's analytics name. */
function discountPopup(formId: string, productName: string, includePaths: readonly string[]): LeadFormPopupConfig {
  return {
    formConfig: {
      formType: 'ajax',
      formId,
      submitAnalyticsEvent: { event: 'application', product_name: productName, id_form: formId },
    },
    content: discountContent,
    includePaths,
    excludePaths: [],
    showDelayMs: popupDelayMs,
  };
}

export const popups: readonly PopupConfig[] = [
  {
    popupName: 'promo-frameworks',
    formConfig: null,
    content: {
      kind: 'promo',
      image: {
        src: '/images/popups/frameworks-channel.png',
        width: 860,
        height: 430,
        alt: 'Логотипы React, Vue и Angular рядом с окном редактора кода',
      },
      heading: 'Фреймворки без воды',
      text: 'В нашем канале разбираем React, Vue и Angular на живых примерах: сравнения, свежие релизы и задачи, которые дают на собеседованиях. Подписка бесплатная.',
      ...promoAction,
    },
    // The skill and framework product pages (a state-managers variant is the same page) and the home page.
    includePaths: [
      '/',
      '/products/typescript',
      '/products/git',
      '/products/react',
      '/products/state-managers',
      '/products/state-managers/*',
      '/products/frontend-upgrade',
      '/products/advanced-js',
    ],
    excludePaths: [],
    showDelayMs: popupDelayMs,
  },
  {
    popupName: 'promo-career',
    formConfig: null,
    content: {
      kind: 'promo',
      image: {
        src: '/images/popups/interview-channel.png',
        width: 860,
        height: 430,
        alt: 'Карточки с вопросами собеседования и растущий график — путь от junior до middle',
      },
      heading: 'Готовитесь к собеседованию?',
      text: 'Каждую неделю в канале — разбор реальной задачи с собеседования на React-разработчика или middle, советы по резюме и тестовым заданиям. Подписывайтесь, чтобы прийти на интервью подготовленным.',
      ...promoAction,
    },
    // Every react-developer and middle-js page; their `cvrna` variants carry a lead-form pop-up whose
    // exact pattern has more segments, so it wins there (targeting rule 1).
    includePaths: ['/products/react-developer', '/products/react-developer/*', '/products/middle-js', '/products/middle-js/*'],
    excludePaths: [],
    showDelayMs: popupDelayMs,
  },
  discountPopup('popup-junior-discount', 'njfd', ['/products/junior-js/cvrna']),
  discountPopup('popup-middle-discount', 'mfd', ['/products/middle-js/cvrna']),
  discountPopup('popup-frontend-developer-discount', 'jmfd', ['/frontend-developer/cvrna']),
  discountPopup('popup-first-stage-discount', 'stage_1', ['/products/first-stage/cvrna']),
  discountPopup('popup-react-developer-discount', 'react_developer', ['/products/react-developer/cvrna']),
  discountPopup('popup-layout-discount', 'layout', ['/products/advanced-html-css/cvrna']),
  {
    formConfig: {
      formType: 'ajax',
      formId: 'popup-junior-gift',
      submitAnalyticsEvent: { event: 'application', product_name: 'njfd', id_form: 'popup-junior-gift' },
    },
    content: {
      kind: 'gift',
      title: 'Получите в подарок курс «Продвинутый JavaScript»',
      // The struck-out price is the course's own (content/courses/skills.ts), looked up when the pop-up is shown.
      offer: { price: 0, oldPrice: '{цена advanced-js}', condition: 'при покупке курса Junior' },
      submitLabel: 'Забрать подарок',
    },
    // Only on the junior page at the secret token path (GIFT_POPUP_TOKEN), which declares this marker
    // (its variant in content/courses/professions.ts): the token stays out of every browser script. It keeps
    // the page out of search and away from casual visitors; it is not an access control.
    includePaths: [],
    excludePaths: [],
    pageMarker: 'gift-junior',
    showDelayMs: giftPopupDelayMs,
  },
];
