import { moscowTime } from '@/components/console/moscow-time';
import type { AuditAction, AuditEntry, FoldedAuditAction } from '@/server/repositories/audit';

/** A folded row's words, before its count: «Неудачные входы: 37». */
const foldedAuditActionLabels: Record<FoldedAuditAction, string> = {
  sign_in_failed: 'Неудачные входы',
  sign_in_refused: 'Входы из одной сети отклонены: много неудачных попыток',
  sign_in_refused_address: 'Входы с одного адреса отклонены: много неудачных попыток',
  sign_in_refused_everywhere: 'Входы отклонены отовсюду: много неудачных попыток из разных сетей',
};

const auditActionLabels: Record<Exclude<AuditAction, FoldedAuditAction>, string> = {
  sign_in: 'Вход',
  sign_out: 'Выход',
  export: 'Выгрузка CSV',
  resend: 'Повторная отправка',
  resend_all: 'Повторная отправка всех «мёртвых»',
  erase: 'Удаление данных посетителя',
  spam: 'Отмечено как спам',
  not_spam: 'Снята отметка «спам»',
  withheld_release: 'Выпущены заявки «Похоже на спам»',
  withheld_delete: 'Удалены заявки «Похоже на спам»',
  schedule_add: 'Окно подарка добавлено',
  schedule_edit: 'Окно подарка изменено',
  schedule_remove: 'Окно подарка удалено',
  popup_save: 'Поп-ап изменён',
  popup_rollback: 'Поп-ап: возвращена прежняя версия',
  alerts_save: 'Уведомления о заявках изменены',
  alerts_test: 'Пробное уведомление отправлено',
  popup_variants_save: 'Поп-ап: сохранены варианты для теста',
  popup_test_start: 'Поп-ап: тест начат',
  popup_test_stop: 'Поп-ап: тест остановлен',
  popup_test_decide: 'Поп-ап: тест завершён, оставлен вариант',
  operator_invite: 'Приглашён оператор',
  operator_join: 'Оператор принял приглашение',
  operator_remove: 'Оператор удалён',
  operator_invite_withdraw: 'Приглашение оператора отозвано',
  operator_rename: 'Оператор сменил своё имя',
  alerts_join_link: 'Создана ссылка для менеджера на бота уведомлений',
  alerts_joined: 'Менеджер подключился к уведомлениям в Telegram',
  alerts_chat_remove: 'Менеджер убран из уведомлений в Telegram',
  page_test_create: 'Тест страницы создан',
  page_test_edit: 'Тест страницы: варианты изменены',
  page_test_start: 'Тест страницы начат',
  page_test_stop: 'Тест страницы остановлен',
  page_test_keep: 'Тест страницы завершён, оставлен вариант',
  price_save: 'Изменены цены курса',
  price_restore: 'Цены курса: возвращена версия',
  price_cancel: 'Отменены запланированные цены курса',
  content_save: 'Статья или событие сохранены',
  content_restore: 'Статья или событие: возвращена прежняя версия',
  publication_cancel: 'Публикация отменена',
  publication_reschedule: 'Публикация перенесена',
  autopilot_switch: 'Автопилот тестов включён или выключен',
  autopilot_approve: 'Автопилот: тест одобрен («Запустить»)',
  autopilot_dismiss: 'Автопилот: предложение отклонено',
  autopilot_pattern_add: 'Автопилот: добавлен шаблон',
  autopilot_pattern_remove: 'Автопилот: шаблон удалён',
  autopilot_retest: 'Автопилот: вопрос решено проверить снова',
};

/** What the journal says an entry did; a folded row of sign-in attempts with its count. */
export function auditActionText(entry: Pick<AuditEntry, 'action' | 'count'>): string {
  if (isFoldedAction(entry.action)) return `${foldedAuditActionLabels[entry.action]}: ${entry.count}`;
  return auditActionLabels[entry.action] ?? entry.action;
}

export function isFoldedAction(action: AuditAction): action is FoldedAuditAction {
  return Object.hasOwn(foldedAuditActionLabels, action);
}

/** When a journal entry happened: `23.11.2026, 12:34`, or for a folded row its first to last attempt, `23.11.2026, 12:34–12:41`. */
export function moscowPeriod(from: number, to: number): string {
  const start = moscowTime(from);
  const end = moscowTime(to);
  if (end === start) return start;
  const [startDay] = start.split(', ');
  const [endDay, endTime] = end.split(', ');
  return endDay === startDay ? `${start}–${endTime}` : `${start} – ${end}`;
}
