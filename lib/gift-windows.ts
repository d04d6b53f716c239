/**
 * A gift window and why one cannot be stored (a code with its data: server/rules/gift-windows.ts finds
 * it), in the words the people who run the schedule read them in: the console's «Окна подарков» (in the
 * browser) and `npm run schedule` say them alike.
 */
import type { GiftWindow } from './api-contract';
import { formatMoscowTime } from './calendar';

export type WindowProblem =
  { code: 'gift-number'; first: number; last: number } | { code: 'invalid-time' } | { code: 'start-not-before-end' } | { code: 'overlap'; with: GiftWindow };

/** «подарок 5, 2026-12-20 10:00:00 MSK – 2026-12-21 10:00:00 MSK». */
export function describeWindow(window: GiftWindow): string {
  return `подарок ${window.giftNumber}, ${formatMoscowTime(window.startTimestamp)} – ${formatMoscowTime(window.endTimestamp)}`;
}

export function describeWindowProblem(problem: WindowProblem): string {
  switch (problem.code) {
    case 'gift-number':
      return `Номер подарка — целое число от ${problem.first} до ${problem.last}`;
    case 'invalid-time':
      return 'Укажите начало и конец';
    case 'start-not-before-end':
      return 'Начало должно быть раньше конца';
    case 'overlap':
      return `Пересекается с окном подарка ${problem.with.giftNumber} (${formatMoscowTime(problem.with.startTimestamp)} - ${formatMoscowTime(problem.with.endTimestamp)})`;
  }
}
