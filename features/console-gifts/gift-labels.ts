import { describeWindow, describeWindowProblem } from '@/lib/gift-windows';
import type { GiftWindowState } from './gift-actions';

/** What the window form says after a save; null before the first. */
export function giftWindowStateText(state: GiftWindowState): string | null {
  switch (state.outcome) {
    case null:
      return null;
    case 'no_times':
      return 'Укажите начало и конец';
    case 'not_found':
      return 'Окно не найдено';
    case 'problem':
      return describeWindowProblem(state.problem);
    case 'added':
      return `Добавлено: ${describeWindow(state.window)}`;
    case 'saved':
      return `Сохранено: ${describeWindow(state.window)}`;
  }
}

/** Whether the form's message is a refusal (shown in red). */
export const isRefusal = (state: GiftWindowState) => state.outcome === 'no_times' || state.outcome === 'not_found' || state.outcome === 'problem';

export const windowStateLabels = { past: 'прошло', active: 'идёт сейчас', upcoming: 'впереди' } as const;
