import { describe, expect, it } from 'vitest';
import { eraseStateText, leadBlockLabel, leadEventLabel, resendAllText, withheldText } from './lead-labels';

describe('the erasure form in Russian', () => {
  it('says what it refused, and what went and what GetCourse still holds', () => {
    expect(eraseStateText({ outcome: null })).toBeNull();
    expect(eraseStateText({ outcome: 'email_invalid' })).toBe('Введите e-mail посетителя');
    expect(eraseStateText({ outcome: 'not_confirmed' })).toBe('Подтвердите, что данные нужно удалить безвозвратно');
    expect(eraseStateText({ outcome: 'erased', counts: { leads: 2, deliveries: 1, deliveriesSent: 0, counterRows: 1 } })).toBe(
      'Удалено заявок: 2, отправок: 1.',
    );
    expect(eraseStateText({ outcome: 'erased', counts: { leads: 3, deliveries: 3, deliveriesSent: 2, counterRows: 0 } })).toBe(
      'Удалено заявок: 3, отправок: 3. 2 из них уже в GetCourse: удалите пользователя там вручную (Пользователи → найти по e-mail → удалить).',
    );
  });
});

describe('a lead in the team’s words', () => {
  it('says what the visitor did and where on the page, never the raw code', () => {
    expect(leadEventLabel('application')).toBe('оставил заявку на обучение');
    expect(leadEventLabel('something_new')).toBe('другое действие');
    expect(leadBlockLabel('popup')).toBe('поп-ап');
    expect(leadBlockLabel('popup:popup-junior-discount:B')).toBe('поп-ап, вариант B сплит-теста');
    expect(leadBlockLabel('hero-42')).toBe('другое место страницы');
    expect(leadBlockLabel(null)).toBeNull();
  });
});

describe('the re-send answer', () => {
  it('says how many went back in the queue', () => {
    expect(resendAllText(null)).toBeNull();
    expect(resendAllText({ resent: 4 })).toBe('Снова в очереди на отправку в GetCourse: 4. Доставлена ли каждая, видно в списке.');
    expect(resendAllText({ resent: 0 })).toBe('Недоставленных заявок не осталось: отправлять заново нечего.');
  });
});

describe('a lead held back as a flood', () => {
  it('says «Похоже на спам» and why, in words', () => {
    expect(withheldText(['address', 'email_pattern'])).toBe(
      'Похоже на спам: много заявок с одного адреса за 10 минут; почты по одному шаблону (anna1@…, anna2@…)',
    );
    expect(withheldText(['network'])).toBe('Похоже на спам: много заявок из одной сети за 10 минут');
    expect(withheldText(['campaign_burst'])).toBe('Похоже на спам: всплеск заявок в одну форму и кампанию из нескольких сетей');
    expect(withheldText([])).toBe('Похоже на спам');
  });
});
