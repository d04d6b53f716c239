import type { PopupField, PopupProblem } from '@/lib/popups/edit-check';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { formatRub } from '@/lib/money';
import { priceProblemSentence } from '@/content/validation/price-problems';
import { moscowDayTime } from '@/components/console/moscow-time';

/** The pop-up page's field labels, exactly as the marketing team and the tests find them. */
export const popupFieldLabels: Record<PopupField, string> = {
  enabled: 'Показывать',
  headline: 'Заголовок',
  text: 'Текст',
  buttonLabel: 'Надпись на кнопке',
  delaySeconds: 'Задержка, секунд',
  includePaths: 'Показывать на страницах',
  excludePaths: 'Не показывать на страницах',
  startsAt: 'Показывать с',
  endsAt: 'Показывать до',
  price: 'Цена подарка, ₽',
  oldPrice: 'Зачёркнутая цена, ₽',
};

/** The names of the changed keys of a version (server/repositories/popups.ts `changedKeys`). */
export const popupChangeLabels: Record<string, string> = {
  enabled: 'показ',
  content: 'тексты или цены',
  showDelayMs: 'задержка',
  includePaths: 'страницы показа',
  excludePaths: 'страницы-исключения',
  startsAt: 'начало показа',
  endsAt: 'конец показа',
  variants: 'варианты для теста',
};

/** One problem of the check, in Russian, for beside its field. */
export function popupProblemText(problem: PopupProblem): string {
  switch (problem.code) {
    case 'empty':
      return 'Заполните это поле';
    case 'not_whole':
      return 'Задержка — целое число секунд: 0 — показать сразу, 30 — через полминуты';
    case 'negative':
      return 'Задержка не может быть отрицательной: 0 — показать сразу';
    case 'too_long':
      return `Задержка — не больше ${problem.max} секунд (10 минут): позже поп-ап почти никто не увидит`;
    case 'path_invalid':
      return `«${problem.path}»: путь пишется от корня сайта, без пробелов, ? и #, например /products/git; звёздочка — только в конце: /products/middle-js/*`;
    case 'path_unknown':
      return `На сайте нет страницы «${problem.path}»${problem.path.endsWith('*') ? ' и страниц, которые так начинаются' : ''}${problem.suggestion ? `; может быть, ${problem.suggestion}?` : ''}`;
    case 'no_pages':
      return 'Укажите хотя бы одну страницу: иначе поп-ап нигде не покажется';
    case 'date_invalid':
      return 'Нужны дата и время, которые есть в календаре';
    case 'end_before_start':
      return 'Конец показа должен быть позже начала';
    case 'price_invalid':
      return 'Цена — целое число рублей без пробелов и копеек, или ссылка на цену курса: {цена advanced-js}';
    case 'gift_not_cheaper':
      return `Цена подарка (${formatRub(problem.price)}) должна быть ниже зачёркнутой цены (${formatRub(problem.oldPrice)})`;
    case 'monthly_tariff':
      return 'Подарок оплачивается сразу, а этот тариф курса — помесячно: сошлитесь на тариф с оплатой сразу';
    case 'price_reference':
      return priceProblemSentence(problem.problem);
    case 'repeats_course_price':
      return `«${problem.sum}» — это цена курса: напишите ${problem.reference}, и сайт будет брать цену из курса (она поменяется вместе с ним)`;
  }
}

/** The page picker's words (page-picker.tsx): pages chosen by name from a list, never typed. */
export const pagePickerLabels = {
  add: 'Добавить страницу или раздел',
  placeholder: 'Выберите из списка',
  addButton: 'Добавить',
  remove: 'Убрать',
  removeLabel: (page: string, list: string) => `Убрать «${page}» из списка «${list}»`,
  none: 'Ни одной страницы',
} as const;

/** «на 3 страницах», «на 1 странице». */
export function pagesPhrase(count: number): string {
  const lastTwo = count % 100;
  const last = count % 10;
  return `на ${count} ${last === 1 && lastTwo !== 11 ? 'странице' : 'страницах'}`;
}

/** What a save that did not happen tells the operator. */
export const popupSaveMessages = {
  conflict: 'Пока вы редактировали, этот поп-ап сохранил кто-то другой. Откройте страницу заново, чтобы увидеть его изменения, и внесите свои ещё раз.',
  notFound: 'Поп-ап не найден',
  saved: (version: number) => `Сохранено: версия ${version}. Посетители увидят изменения в течение минуты.`,
  invalid: 'Не сохранено: исправьте отмеченные поля.',
  restored: (version: number) => `Версия возвращена: теперь это версия ${version}. Посетители увидят её в течение минуты.`,
  restoreConflict: 'Версия не возвращена: пока страница была открыта, поп-ап изменил кто-то другой. Посмотрите историю ниже и верните нужную версию ещё раз.',
} as const;

export const popupKindLabels = {
  promo: 'Анонс с картинкой и кнопкой-ссылкой',
  discount: 'Форма заявки на скидку',
  gift: 'Форма заявки на подарок',
} as const;

/**
 * Whether visitors see a pop-up now, in the list's words: «выключен», «запланирован с 16 декабря, 10:00
 * МСК» (on, but its start is ahead), «закончился …» (its end has passed), «включён» (up to its end, if any).
 * The same moments as the site's (lib/popups/managed.ts `isLive`).
 */
export function popupStateText(config: Pick<ManagedPopupConfig, 'enabled' | 'startsAt' | 'endsAt'>, now: number): string {
  if (!config.enabled) return 'выключен';
  if (config.startsAt !== null && now < config.startsAt) return `запланирован с ${moscowDayTime(config.startsAt, now)}`;
  if (config.endsAt !== null && now >= config.endsAt) return `закончился ${moscowDayTime(config.endsAt, now)}`;
  return config.endsAt === null ? 'включён' : `включён до ${moscowDayTime(config.endsAt, now)}`;
}

/** «Вернуть эту версию»'s question and answer before anything changes. */
export const rollbackConfirmation = {
  title: (version: number) => `Вернуть версию ${version}?`,
  description: 'Посетители увидят её в течение минуты; нынешняя версия останется в истории.',
  confirm: (version: number) => `Да, вернуть версию ${version}`,
} as const;
