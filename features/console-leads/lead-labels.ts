import type { OutboxStatus } from '@/server/repositories/outbox-rows';
import type { EraseState } from './lead-actions';

export const deliveryStatusLabels: Record<OutboxStatus, string> = {
  pending: 'ждёт отправки',
  sending: 'отправляется',
  sent: 'доставлена',
  dead: 'не доставлена',
};

/** What the erasure form says after an attempt: what went, and what GetCourse still holds. */
export function eraseStateText(state: EraseState): string | null {
  switch (state.outcome) {
    case null:
      return null;
    case 'email_invalid':
      return 'Введите e-mail посетителя';
    case 'not_confirmed':
      return 'Подтвердите, что данные нужно удалить безвозвратно';
    case 'erased': {
      const { leads, deliveries, deliveriesSent } = state.counts;
      const inGetCourse = deliveriesSent > 0 ? ` ${deliveriesSent} из них уже в GetCourse: удалите пользователя там вручную (Пользователи → найти по e-mail → удалить).` : '';
      return `Удалено заявок: ${leads}, отправок: ${deliveries}.${inGetCourse}`;
    }
  }
}
