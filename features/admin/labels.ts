import type { AuditAction, OutboxStatus } from '@/server/repositories/types';

export const deliveryStatusLabels: Record<OutboxStatus, string> = {
  pending: 'ждёт отправки',
  sending: 'отправляется',
  sent: 'доставлена',
  dead: 'не доставлена',
};

export const auditActionLabels: Record<AuditAction, string> = {
  sign_in: 'Вход',
  sign_in_failed: 'Неудачный вход',
  sign_in_refused: 'Вход отклонён (много попыток)',
  sign_out: 'Выход',
  export: 'Выгрузка CSV',
  resend: 'Повторная отправка',
  resend_all: 'Повторная отправка всех «мёртвых»',
  erase: 'Удаление данных посетителя',
  spam: 'Отмечено как спам',
  not_spam: 'Снята отметка «спам»',
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
};

/** `23.11.2026, 12:34`, Moscow time, however the server's clock is set. */
export function moscowTime(timestamp: number): string {
  return new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' }).format(timestamp);
}
