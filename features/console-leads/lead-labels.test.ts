import { describe, expect, it } from 'vitest';
import { eraseStateText } from './lead-labels';

describe('the erasure form in Russian', () => {
  it('says what it refused, and what went and what GetCourse still holds', () => {
    expect(eraseStateText({ outcome: null })).toBeNull();
    expect(eraseStateText({ outcome: 'email_invalid' })).toBe('Введите e-mail посетителя');
    expect(eraseStateText({ outcome: 'not_confirmed' })).toBe('Подтвердите, что данные нужно удалить безвозвратно');
    expect(eraseStateText({ outcome: 'erased', counts: { leads: 2, deliveries: 1, deliveriesSent: 0, counterRows: 1 } })).toBe('Удалено заявок: 2, отправок: 1.');
    expect(eraseStateText({ outcome: 'erased', counts: { leads: 3, deliveries: 3, deliveriesSent: 2, counterRows: 0 } })).toBe(
      'Удалено заявок: 3, отправок: 3. 2 из них уже в GetCourse: удалите пользователя там вручную (Пользователи → найти по e-mail → удалить).',
    );
  });
});
