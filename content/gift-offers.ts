import type { AjaxFormConfig, NativeFormConfig } from '@/lib/leads/form-config';
import { discountPercent } from '@/lib/money';
import { type PricedCourse, type PriceValue, resolvePriceValue } from '@/lib/price-references';
import type { LeadFormEntry } from './lead-form-entry';
import { priceProblemText } from './validation/price-problems';

/**
 * The 13 offers of the gift promotion "Подарки от Санты". The schedule
 * (`GET /api/gift-schedule`) says which offer's window is running; this file says what the offer is.
 *
 * Offers 1, 2, 3 and 13 are paid right away, so their form posts the visitor to a GetCourse payment
 * page (native form, new tab); offers 4-12 are instalment plans a manager arranges by phone, so their
 * form sends a lead through our back end (ajax). Every ajax and native form id is registered in
 * `content/lead-forms.ts`, the list of form ids the server accepts.
 *
 * Names and descriptions are written as `typography()` (lib/typography.ts) would print them, no-break
 * spaces included: the gift modal renders them in the browser, where typograf does not run.
 *
 * The struck-out price that repeats course tariffs is a reference to them (`{цена junior-js 2}`, a bundle
 * `{цена typescript} + {цена git}`, lib/price-references.ts): this file ships to the browser (the gift
 * modal's names, descriptions and forms) and never loads the courses, so the server looks the figures up
 * (content/gift-offer-prices.ts: the promotion page, and `GET /api/gift-schedule`, which hands the modal
 * its gift's prices). A course price changed in its file changes the gift's struck-out price with it.
 *
 * The discount is computed from `price` and the struck-out price, unless the school advertises another
 * figure for exactly these prices (`statedDiscount`, as the school's own table of the offers states it).
 * The content check (content/validation/gift-offers.ts) checks every field before a build, in Russian.
 */
export interface GiftOfferInput {
  /** 1-13, the `giftNumber` of the schedule. */
  number: number;
  name: string;
  description: string;
  /** Roubles; per month when `isMonthlyPayment`. Below `oldPrice`. */
  price: number;
  /**
   * The struck-out price (per month when `isMonthlyPayment`): a reference to the course tariffs it repeats,
   * counted from 1 as on the course page (`{цена junior-js 2}`; a bundle summed: `{цена typescript} +
   * {цена git}`), or whole roubles when it repeats no tariff of ours.
   */
  oldPrice: PriceValue;
  isMonthlyPayment: boolean;
  /**
   * The discount as the school advertises it where the prices give another figure (offer 1 is
   * "−80 %" at 558 ₽ instead of 2 990 ₽, which is 81 %). It names the prices it was stated for and holds
   * only while both are unchanged: the content check refuses it after a price change, so an old figure
   * can never stay on the page.
   */
  statedDiscount?: { percent: number; price: number; oldPrice: number };
  formConfig: AjaxFormConfig | NativeFormConfig;
}

/** An offer as a visitor sees it: the struck-out price in roubles, looked up in the courses' tariffs. */
export interface GiftOffer extends Omit<GiftOfferInput, 'oldPrice'> {
  /** Roubles (per month when `isMonthlyPayment`). */
  oldPrice: number;
  /** Whole percent: the stated one for its prices, otherwise computed from `price` and `oldPrice`. */
  discount: number;
}

/** What the server tells the gift modal about its gift (`GET /api/gift-schedule`): the figures it cannot look up itself. */
export type GiftPrices = Pick<GiftOffer, 'oldPrice' | 'discount'>;

/** Where GetCourse serves the payment-page forms; the e2e build points it at the fake GetCourse. */
export const getCourseFormsOrigin = (process.env.NEXT_PUBLIC_GETCOURSE_FORMS_ORIGIN || 'https://school.getcourse.ru').split(/\s+/)[0]!.replace(/\/+$/, '');

/** A GetCourse payment-page form with the helper ids and signature GetCourse generated for it. */
function paymentPageForm(
  offerNumber: number,
  productName: string,
  form: { getCourseId: number; helperId: string; helperRefId: string; requestTime: number; requestSignature: string },
): NativeFormConfig {
  const formId = `gift-${offerNumber}`;
  return {
    formType: 'native',
    formId,
    formAction: `${getCourseFormsOrigin}/pl/lite/block-public/process-html?id=${form.getCourseId}`,
    helperId: form.helperId,
    helperRefId: form.helperRefId,
    requestTime: form.requestTime,
    requestSignature: form.requestSignature,
    openInNewTab: true,
    submitAnalyticsEvent: { event: 'auto_purchase', product_name: productName, id_form: formId },
  };
}

/** A lead for a manager, sent through `POST /api/leads`. */
function managerCallForm(offerNumber: number, productName: string): AjaxFormConfig {
  const formId = `gift-${offerNumber}`;
  return {
    formType: 'ajax',
    formId,
    submitAnalyticsEvent: { event: 'application', product_name: productName, id_form: formId },
  };
}

/** The offers as marketing writes them; `giftOffers` adds the discount. */
export const giftOfferInputs: readonly GiftOfferInput[] = [
  {
    number: 1,
    name: 'Курс «Основы программирования»',
    description:
      'Первый шаг в\u00a0профессию: переменные, условия, циклы, функции и\u00a0массивы на\u00a0JavaScript. Короткие уроки, задачи с\u00a0автопроверкой и\u00a0итоговый мини-проект\u00a0— станет понятно, ваше\u00a0ли это, до\u00a0того как\u00a0вкладываться в\u00a0большую программу.',
    price: 558,
    oldPrice: '{цена base-programming}',
    isMonthlyPayment: false,
    statedDiscount: { percent: 80, price: 558, oldPrice: 2990 },
    formConfig: paymentPageForm(1, 'gift_base_programming', {
      getCourseId: 1482301,
      helperId: 'gc-form-helper-1482301',
      helperRefId: 'gc-form-helper-ref-1482301',
      requestTime: 1733011200,
      requestSignature: '5c0e4b7f2a9d1e3c8b6a4f2d0e9c7b5a',
    }),
  },
  {
    number: 2,
    name: 'Интенсив «Пет-проект в\u00a0портфолио»',
    description:
      'За\u00a0две недели вы\u00a0с\u00a0наставником соберёте собственное приложение: от\u00a0идеи и\u00a0макета до\u00a0деплоя на\u00a0хостинг. Проект с\u00a0аккуратным кодом и\u00a0README на\u00a0GitHub\u00a0— то, что рекрутер откроет первым.',
    price: 598,
    oldPrice: 2990,
    isMonthlyPayment: false,
    formConfig: paymentPageForm(2, 'gift_pet_project', {
      getCourseId: 1482302,
      helperId: 'gc-form-helper-1482302',
      helperRefId: 'gc-form-helper-ref-1482302',
      requestTime: 1733011200,
      requestSignature: '9a3f6d1c8e2b7a4d0f5c3e1b9d7a6c42',
    }),
  },
  {
    number: 3,
    name: 'Диагностика навыков с\u00a0ментором',
    description:
      'Часовая встреча с\u00a0действующим разработчиком: живые задачи, разбор вашего кода и\u00a0честная оценка уровня. После встречи\u00a0— письменный план, что подтянуть, чтобы выйти на\u00a0первую работу или\u00a0следующий грейд.',
    price: 1535,
    oldPrice: '{цена diagnostics}',
    isMonthlyPayment: false,
    statedDiscount: { percent: 45, price: 1535, oldPrice: 2990 },
    formConfig: paymentPageForm(3, 'gift_diagnostics', {
      getCourseId: 1482303,
      helperId: 'gc-form-helper-1482303',
      helperRefId: 'gc-form-helper-ref-1482303',
      requestTime: 1733011200,
      requestSignature: 'e41b7c9d2f6a8e0c3b5d1a7f9c2e4b86',
    }),
  },
  {
    number: 4,
    name: 'Курс «Junior Frontend-разработчик» + розыгрыш MacBook',
    description:
      'Полная программа до\u00a0уровня junior: HTML, CSS, JavaScript, React, Git и\u00a0командная работа над проектами. Подарок на\u00a0выбор: участие в\u00a0розыгрыше MacBook среди студентов потока или\u00a0три дополнительных курса в\u00a0придачу.',
    price: 4648,
    oldPrice: '{цена junior-js 2}',
    isMonthlyPayment: true,
    statedDiscount: { percent: 34, price: 4648, oldPrice: 6710 },
    formConfig: managerCallForm(4, 'gift_junior'),
  },
  {
    number: 5,
    name: 'Курс «Junior Frontend-разработчик»: последний шанс',
    description:
      'Та\u00a0же программа до\u00a0junior с\u00a0наставником и\u00a0проектами в\u00a0портфолио\u00a0— и\u00a0снова бонус на\u00a0выбор: розыгрыш MacBook или\u00a0три дополнительных курса. Последнее окно с\u00a0этой ценой в\u00a0акции.',
    price: 4648,
    oldPrice: '{цена junior-js 2}',
    isMonthlyPayment: true,
    statedDiscount: { percent: 34, price: 4648, oldPrice: 6710 },
    formConfig: managerCallForm(5, 'gift_junior_last_chance'),
  },
  {
    number: 6,
    name: 'Курс «Middle Frontend-разработчик»',
    description:
      'Для\u00a0тех, кто уже пишет код: архитектура фронтенда, TypeScript, тестирование, производительность и\u00a0код-ревью от\u00a0старших разработчиков. Готовимся к\u00a0собеседованиям на\u00a0middle вместе.',
    price: 7122,
    oldPrice: '{цена middle-js 2}',
    isMonthlyPayment: true,
    formConfig: managerCallForm(6, 'gift_middle'),
  },
  {
    number: 7,
    name: 'Курс «Middle Frontend-разработчик»: последний шанс',
    description:
      'Программа уровня middle\u00a0— архитектура, TypeScript, тесты и\u00a0код-ревью\u00a0— с\u00a0той\u00a0же скидкой в\u00a0рассрочку. Последнее окно акции для\u00a0этого курса.',
    price: 7122,
    oldPrice: '{цена middle-js 2}',
    isMonthlyPayment: true,
    formConfig: managerCallForm(7, 'gift_middle_last_chance'),
  },
  {
    number: 8,
    name: 'Программа «Frontend-разработчик с\u00a0нуля до\u00a0Middle»',
    description:
      'Самый длинный путь в\u00a0школе: от\u00a0первой строчки кода до\u00a0уровня middle. Два курса в\u00a0одной программе, личный наставник, карьерный трек и\u00a0помощь с\u00a0трудоустройством.',
    price: 8960,
    oldPrice: 14000,
    isMonthlyPayment: true,
    formConfig: managerCallForm(8, 'gift_zero_to_middle'),
  },
  {
    number: 9,
    name: 'Программа «Frontend-разработчик с\u00a0нуля до\u00a0Middle»: последний шанс',
    description:
      'Вся программа с\u00a0нуля до\u00a0middle со\u00a0скидкой 34% в\u00a0рассрочку: наставник, проекты в\u00a0портфолио и\u00a0сопровождение до\u00a0оффера. Последнее окно с\u00a0этой ценой.',
    price: 8960,
    oldPrice: 14000,
    // The description's 34% is marketing's text; the badge shows what the prices give, 36%. The school's table keeps
    // both readings, so the content check does not compare percentages written in texts.
    isMonthlyPayment: true,
    formConfig: managerCallForm(9, 'gift_zero_to_middle_last_chance'),
  },
  {
    number: 10,
    name: 'Курс «React-разработчик»',
    description:
      'React от\u00a0компонентов и\u00a0хуков до\u00a0роутинга, работы с\u00a0сервером и\u00a0управления состоянием. Пишем большое приложение и\u00a0разбираем вопросы, которые задают на\u00a0собеседованиях.',
    price: 7458,
    oldPrice: '{цена react-developer 2}',
    isMonthlyPayment: true,
    formConfig: managerCallForm(10, 'gift_react'),
  },
  {
    number: 11,
    name: 'Курс «Первая ступень: JavaScript»',
    description:
      'Первая ступень профессии: уверенный JavaScript, работа с\u00a0DOM, асинхронность и\u00a0запросы к\u00a0серверу. Практика на\u00a0каждом занятии и\u00a0проверка домашних заданий наставником.',
    price: 4279,
    oldPrice: '{цена first-stage}',
    isMonthlyPayment: true,
    formConfig: managerCallForm(11, 'gift_first_stage'),
  },
  {
    number: 12,
    name: 'Комбо «Вёрстка + Junior Frontend-разработчик»',
    description:
      'Сначала\u00a0— продвинутая вёрстка: семантика, адаптивность, Flexbox и\u00a0Grid, доступность. Затем\u00a0— полная программа junior. Два курса одним пакетом по\u00a0цене рассрочки.',
    price: 5737,
    oldPrice: 8196,
    isMonthlyPayment: true,
    statedDiscount: { percent: 37, price: 5737, oldPrice: 8196 },
    formConfig: managerCallForm(12, 'gift_layout_junior'),
  },
  {
    number: 13,
    name: 'Комбо «TypeScript + Git + React Advanced»',
    description:
      'Три курса для\u00a0растущего разработчика: строгая типизация на\u00a0TypeScript, уверенная работа с\u00a0Git в\u00a0команде и\u00a0продвинутые паттерны React. Оплата сразу\u00a0— и\u00a0доступ ко\u00a0всем трём курсам в\u00a0тот\u00a0же день.',
    price: 25648,
    oldPrice: '{цена typescript} + {цена git} + {цена react}',
    isMonthlyPayment: false,
    formConfig: paymentPageForm(13, 'gift_ts_git_react', {
      getCourseId: 1482313,
      helperId: 'gc-form-helper-1482313',
      helperRefId: 'gc-form-helper-ref-1482313',
      requestTime: 1733011200,
      requestSignature: '3d8c1f5a7b9e2d4c6a0f8b1e3c5d7a90',
    }),
  },
];

/** The offer as written (its struck-out price maybe a reference), by its number. */
export function giftOfferInput(number: number): GiftOfferInput | undefined {
  return giftOfferInputs.find((offer) => offer.number === number);
}

/**
 * The discount shown on the offer, from its price and its struck-out price in roubles. Never throws: the
 * content check refuses a price at or above the struck-out one, or a stated discount for other prices,
 * before the build starts.
 */
export function giftDiscount(offer: Pick<GiftOfferInput, 'price' | 'statedDiscount'> & { oldPrice: number }): number {
  const stated = offer.statedDiscount;
  if (stated && stated.price === offer.price && stated.oldPrice === offer.oldPrice) return stated.percent;
  return offer.price >= 0 && offer.price < offer.oldPrice ? discountPercent(offer.oldPrice, offer.price) : 0;
}

/**
 * The struck-out price in roubles: a number as written, references looked up in `courses`' tariffs; or
 * what stops it, in Russian: an unknown course or tariff, a tariff paid otherwise than the gift.
 */
export function giftOldPrice(
  offer: Pick<GiftOfferInput, 'oldPrice' | 'isMonthlyPayment'>,
  courses: readonly PricedCourse[],
): { oldPrice: number } | { problem: string } {
  const resolved = resolvePriceValue(offer.oldPrice, courses);
  if ('problem' in resolved) return { problem: priceProblemText(resolved.problem) };
  if (resolved.reference && resolved.monthly !== offer.isMonthlyPayment) {
    return {
      problem: offer.isMonthlyPayment
        ? `подарок оплачивается помесячно, а ${String(offer.oldPrice)} — тариф с оплатой сразу: сошлитесь на тариф в рассрочку`
        : `подарок оплачивается сразу, а ${String(offer.oldPrice)} — тариф с оплатой помесячно: сошлитесь на тариф с оплатой сразу`,
    };
  }
  return { oldPrice: resolved.amount };
}

/** The offer as a visitor sees it: its struck-out price looked up (giftOldPrice) and the discount computed from it. */
export function priceGiftOffer(offer: GiftOfferInput, courses: readonly PricedCourse[]): { offer: GiftOffer } | { problem: string } {
  const resolved = giftOldPrice(offer, courses);
  if ('problem' in resolved) return resolved;
  const { oldPrice } = resolved;
  return { offer: { ...offer, oldPrice, discount: giftDiscount({ ...offer, oldPrice }) } };
}

/**
 * The offers' entries of the server's form registry (`content/lead-forms.ts`): an ajax offer becomes a
 * deal named after the offer; a native offer's lead is posted to GetCourse by the browser, so the server
 * only keeps the record. Either is taken only while its gift's window runs.
 */
export function giftLeadForms(): LeadFormEntry[] {
  return giftOfferInputs.map(({ number, name, formConfig }) => ({
    id: formConfig.formId,
    productName: formConfig.submitAnalyticsEvent.product_name,
    event: formConfig.submitAnalyticsEvent.event,
    // GetCourse matches deals to products by title: plain spaces, as a manager would type it there.
    delivery: formConfig.formType === 'ajax' ? { kind: 'deal', productTitle: plainSpaces(name) } : { kind: 'browser' },
    giftNumber: number,
  }));
}

function plainSpaces(text: string): string {
  return text.replace(/\u00a0/g, ' ');
}
