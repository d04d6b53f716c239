import type { GiftWindow } from '@/lib/api-contract';
import { describeWindowProblem, type WindowProblem } from '@/lib/gift-windows';
import { moscowDayTime } from '@/components/console/moscow-time';
import type { WindowState } from '@/server/rules/gift-windows';
import type { GiftWindowState } from './gift-actions';

/** Each gift's name by its number (content/names.ts `giftName`), handed to the page and its form by the server. */
export type GiftNames = Readonly<Record<number, string>>;

const nameOf = (names: GiftNames, giftNumber: number) => names[giftNumber] ?? `подарок ${giftNumber}`;

/** `16 декабря, 10:00 МСК – 17 декабря, 10:00 МСК`. */
export function windowPeriod(window: Pick<GiftWindow, 'startTimestamp' | 'endTimestamp'>, now = Date.now()): string {
  return `${moscowDayTime(window.startTimestamp, now)} – ${moscowDayTime(window.endTimestamp, now)}`;
}

/** «Курс «…»: 16 декабря, 10:00 МСК – 17 декабря, 10:00 МСК». */
export function windowText(window: GiftWindow, names: GiftNames, now = Date.now()): string {
  return `«${nameOf(names, window.giftNumber)}»: ${windowPeriod(window, now)}`;
}

/** Where a window stands, as a marketer says it: «начнётся …», «идёт сейчас, до …», «закончилось …». */
export function windowStateText(window: GiftWindow, state: WindowState, now = Date.now()): string {
  switch (state) {
    case 'upcoming':
      return `начнётся ${moscowDayTime(window.startTimestamp, now)}`;
    case 'active':
      return `идёт сейчас, до ${moscowDayTime(window.endTimestamp, now)}`;
    case 'past':
      return `закончилось ${moscowDayTime(window.endTimestamp, now)}`;
  }
}

function problemText(problem: WindowProblem, names: GiftNames): string {
  if (problem.code === 'overlap') return `Пересекается с окном ${windowText(problem.with, names)}`;
  if (problem.code === 'gift-number') return 'Выберите подарок из списка';
  return describeWindowProblem(problem);
}

/** What the window form says after a save; null before the first. */
export function giftWindowStateText(state: GiftWindowState, names: GiftNames): string | null {
  switch (state.outcome) {
    case null:
      return null;
    case 'no_times':
      return 'Укажите начало и конец';
    case 'not_found':
      return 'Окно не найдено';
    case 'problem':
      return problemText(state.problem, names);
    case 'added':
      return `Добавлено: ${windowText(state.window, names)}`;
    case 'saved':
      return `Сохранено: ${windowText(state.window, names)}`;
  }
}

/** Whether the form's message is a refusal (shown in red). */
export const isRefusal = (state: GiftWindowState) => state.outcome === 'no_times' || state.outcome === 'not_found' || state.outcome === 'problem';
