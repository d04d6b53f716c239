import type { FloodSign } from '@/server/rules/flood-signs';
import type { OutboxStatus } from '@/server/repositories/outbox-rows';
import type { EraseState, ResendAllState } from './lead-actions';

/** What the visitor did, by the lead's analytics event. */
const leadEventLabels: Record<string, string> = {
  lead: 'оставил заявку',
  application: 'оставил заявку на обучение',
  auto_purchase: 'перешёл к оплате на странице GetCourse',
};

export function leadEventLabel(event: string): string {
  return leadEventLabels[event] ?? 'другое действие';
}

/** Which block of the page the form was in (`block_id`); a split test's variant of a pop-up named by its letter. */
const leadBlockLabels: Record<string, string> = {
  'lead-form': 'форма на странице',
  'modal-form': 'форма в окне',
  popup: 'поп-ап',
  'gift-modal': 'окно подарка',
  'consultation-popover': 'окно консультации',
};

export function leadBlockLabel(blockId: string | null): string | null {
  if (blockId === null || blockId === '') return null;
  const variant = /^popup:[\w-]+:([A-D])$/.exec(blockId)?.[1];
  if (variant) return `поп-ап, вариант ${variant} сплит-теста`;
  return leadBlockLabels[blockId] ?? 'другое место страницы';
}

export const deliveryStatusLabels: Record<OutboxStatus, string> = {
  pending: 'ждёт отправки',
  sending: 'отправляется',
  sent: 'доставлена',
  dead: 'не доставлена',
  withheld: 'задержана: похоже на спам',
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
      const inGetCourse =
        deliveriesSent > 0 ? ` ${deliveriesSent} из них уже в GetCourse: удалите пользователя там вручную (Пользователи → найти по e-mail → удалить).` : '';
      return `Удалено заявок: ${leads}, отправок: ${deliveries}.${inGetCourse}`;
    }
  }
}

/**
 * After «Отправить заново все недоставленные», what was done and no more: the leads are back in the queue
 * (whether GetCourse takes them, the list and the line about waiting leads say as it happens); nothing before.
 */
export function resendAllText(state: ResendAllState): string | null {
  if (state === null) return null;
  if (state.resent === 0) return 'Недоставленных заявок не осталось: отправлять заново нечего.';
  return `Снова в очереди на отправку в GetCourse: ${state.resent}. Доставлена ли каждая, видно в списке.`;
}

/** Why a lead looks like part of a flood (server/rules/flood-signs.ts), each sign in the team's words. */
const floodSignLabels: Record<FloodSign, string> = {
  address: 'много заявок с одного адреса за 10 минут',
  network: 'много заявок из одной сети за 10 минут',
  email_pattern: 'почты по одному шаблону (anna1@…, anna2@…)',
  campaign_burst: 'всплеск заявок в одну форму и кампанию из нескольких сетей',
};

/** «Похоже на спам: много заявок с одного адреса за 10 минут; почты по одному шаблону (…)». */
export function withheldText(signs: readonly FloodSign[]): string {
  return signs.length === 0 ? 'Похоже на спам' : `Похоже на спам: ${signs.map((sign) => floodSignLabels[sign]).join('; ')}`;
}
