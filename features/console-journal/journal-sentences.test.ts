import { describe, expect, it } from 'vitest';
import { auditSentence } from './journal-sentences';

const at = Date.UTC(2026, 10, 23, 9, 0);
const entry = (action: Parameters<typeof auditSentence>[0]['action'], subject: string | null, details: Record<string, unknown> | null = null) => ({
  action,
  subject,
  details,
  count: 1,
  at,
});

describe('«Журнал» in sentences, by names', () => {
  it('says what changed in a pop-up, named by its purpose', () => {
    expect(auditSentence(entry('popup_save', 'popup-junior-discount', { version: 2, changes: ['content'], fields: ['headline', 'delaySeconds'] }))).toBe(
      'Изменён поп-ап «Скидка на курс «Junior фронтенд-разработчик»»: заголовок, задержка',
    );
    expect(auditSentence(entry('popup_save', 'promo-frameworks', { version: 3, changes: ['enabled'], fields: ['enabled'], enabled: false }))).toBe(
      'Изменён поп-ап «Анонс «Фреймворки без воды»»: выключен',
    );
    // A row written before the fields were recorded: the stored keys.
    expect(auditSentence(entry('popup_save', 'promo-frameworks', { version: 2, changes: ['content', 'showDelayMs'] }))).toBe(
      'Изменён поп-ап «Анонс «Фреймворки без воды»»: тексты или цены, задержка',
    );
    expect(auditSentence(entry('popup_rollback', 'promo-frameworks', { version: 4, restoredFrom: 1 }))).toBe(
      'Поп-ап «Анонс «Фреймворки без воды»»: возвращена версия 1 (теперь это версия 4)',
    );
    expect(auditSentence(entry('popup_test_decide', 'popup-junior-discount', { test: 'x', variant: 1, version: 5 }))).toBe(
      'Поп-ап: тест завершён, оставлен вариант B («Скидка на курс «Junior фронтенд-разработчик»»)',
    );
  });

  it("says a course's prices by its title, the figures in words, and from when a scheduled one was to start", () => {
    const prices = '«Курс» 3 490 ₽';
    expect(auditSentence(entry('price_save', 'git', { title: 'Git для команды', prices, effectiveFrom: at, scheduled: false }))).toBe(
      'Цены курса «Git для команды»: «Курс» 3 490 ₽',
    );
    const tomorrow = { title: 'Git для команды', prices, effectiveFrom: Date.UTC(2026, 10, 24, 7), scheduled: true };
    expect(auditSentence(entry('price_save', 'git', tomorrow))).toBe('Цены курса «Git для команды» с 24 ноября, 10:00 МСК: «Курс» 3 490 ₽');
    expect(auditSentence(entry('price_cancel', 'git', tomorrow))).toBe('Отменены цены курса «Git для команды» с 24 ноября, 10:00 МСК: «Курс» 3 490 ₽');
    expect(auditSentence(entry('price_restore', 'git', { title: 'Git для команды', prices, restoredFrom: Date.UTC(2026, 10, 20, 9) }))).toBe(
      'Цены курса «Git для команды»: возвращена версия от 20 ноября, 12:00 МСК: «Курс» 3 490 ₽',
    );
  });

  it('names a gift window by its gift and its dates', () => {
    const window = { giftNumber: 5, startTimestamp: Date.UTC(2026, 11, 16, 7), endTimestamp: Date.UTC(2026, 11, 17, 7) };
    expect(auditSentence(entry('schedule_add', 'окно 3', { window: 'подарок 5, …', ...window }))).toBe(
      'Добавлено окно подарка «Курс «Junior Frontend-разработчик»: последний шанс»: 16 декабря, 10:00 МСК – 17 декабря, 10:00 МСК',
    );
    expect(auditSentence(entry('schedule_remove', 'окно 3'))).toBe('Удалено окно подарка (окно 3)');
  });

  it('says the alert settings in words, not JSON', () => {
    const details = {
      telegramChats: 3,
      emails: 1,
      hours: '10:00–19:00',
      days: '1,2,3,4,5',
      withoutPersonalData: false,
      changed: ['telegramChats'],
      heldMoved: 339,
      dropped: 113,
    };
    expect(auditSentence(entry('alerts_save', 'уведомления', details))).toBe(
      'Уведомления о заявках изменены: изменены Telegram-чаты; Telegram-чатов 3, адресов e-mail 1; часы 10:00–19:00, дни Пн, Вт, Ср, Чт, Пт; ночных уведомлений перенесено на новые часы: 339; уведомлений убранным получателям удалено: 113',
    );
  });

  it('says what happened to a lead by its number, and a sign-in flood by its count', () => {
    expect(auditSentence(entry('spam', 'lead 12'))).toBe('Заявка №12 отмечена как спам');
    expect(auditSentence(entry('resend_all', null, { count: 4 }))).toBe('Отправлены заново все недоставленные заявки: 4');
    expect(auditSentence(entry('export', null, { funnel: { by: 'campaign' } }))).toBe('Выгружен CSV «Кампании»');
    expect(auditSentence(entry('export', null, { filter: {}, format: 'xlsx' }))).toBe('Выгружен файл Excel с заявками');
    expect(auditSentence(entry('export', null, { filter: {} }))).toBe('Выгружен CSV заявок');
    expect(auditSentence({ ...entry('sign_in_failed', 'client'), count: 37 })).toBe('Неудачные входы: 37');
  });

  it('says what became of the leads held as «Похоже на спам»: one by its number, a whole section by its count', () => {
    expect(auditSentence(entry('withheld_release', 'lead 12', { leads: 1 }))).toBe(
      'Заявка №12 из «Похоже на спам» выпущена: отправлена в GetCourse и менеджерам',
    );
    expect(auditSentence(entry('withheld_release', null, { leads: 115 }))).toBe(
      'Выпущены заявки из «Похоже на спам»: 115, отправлены в GetCourse и менеджерам',
    );
    expect(auditSentence(entry('withheld_delete', 'lead 12', { leads: 1, deliveries: 1 }))).toBe('Заявка №12 из «Похоже на спам» удалена безвозвратно');
    expect(auditSentence(entry('withheld_delete', null, { leads: 115, deliveries: 115 }))).toBe('Удалены безвозвратно заявки из «Похоже на спам»: 115');
  });
});
