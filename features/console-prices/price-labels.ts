import type { LiveTariffPrice } from '@/content/live/state';
import { moscowDayTime } from '@/components/console/moscow-time';
import { formatPrice } from '@/lib/money';

/** A tariff as «Цены» names it and prices it. */
export interface TariffLabel {
  name: string;
  monthly: boolean;
}

const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** `4 990 ₽/мес. на 12 мес., зачёркнутая 6 990 ₽/мес.`: one tariff's figures as the site shows them. */
export function tariffFigures(figure: LiveTariffPrice, monthly: boolean): string {
  const parts = [formatPrice(figure.price, { monthly })];
  if (figure.months !== undefined) parts.push(` на ${figure.months} мес.`);
  if (figure.oldPrice !== undefined) parts.push(`, зачёркнутая ${formatPrice(figure.oldPrice, { monthly })}`);
  return plainSpaces(parts.join(''));
}

/** `Сейчас на сайте: 13 790 ₽`. */
export const nowOnSite = (figure: LiveTariffPrice, monthly: boolean) => `Сейчас на сайте: ${tariffFigures(figure, monthly)}`;

/** `«Курс» 13 790 ₽; «С наставником» 21 490 ₽, зачёркнутая 30 700 ₽`: a version's figures, tariff by tariff. */
export function versionFigures(figures: readonly LiveTariffPrice[], tariffs: readonly TariffLabel[]): string {
  return figures
    .map((figure, index) => `«${tariffs[index]?.name ?? `тариф ${index + 1}`}» ${tariffFigures(figure, tariffs[index]?.monthly ?? false)}`)
    .join('; ');
}

/** A version as «Цены» lists it: on the site now, scheduled, an earlier one, or cancelled before its time. */
export type PriceVersionState = 'current' | 'scheduled' | 'past' | 'cancelled';

export const versionStateText: Record<PriceVersionState, string> = {
  current: 'на сайте',
  scheduled: 'запланирована',
  past: 'прежняя',
  cancelled: 'отменена',
};

/** What the page says after an action (from its address: `?saved=12`, `?cancelled=12`, …). */
export const priceNotices = {
  savedNow: 'Сохранено. Посетители увидят новые цены в течение минуты.',
  savedScheduled: (from: number, now: number) => `Сохранено. Цены начнут действовать ${moscowDayTime(from, now)}.`,
  restored: 'Версия возвращена: эти цены снова на сайте, посетители увидят их в течение минуты.',
  cancelled: 'Запланированные цены отменены.',
  notCancelled: 'Эти цены уже начали действовать или были отменены раньше: отменять нечего.',
  restoreRefused: 'Эту версию не вернуть: с ней не проходит проверка контента.',
  missing: 'Такой версии нет.',
};

export const priceTimeProblems = {
  unreadable: '«Действует с»: выберите дату и время',
  past: '«Действует с»: это время уже прошло. Оставьте поле пустым, чтобы цены начали действовать сразу',
};
