import { describe, expect, it } from 'vitest';
import { giftWindowStateText, isRefusal, windowStateText } from './gift-labels';

describe('the gift windows in Russian', () => {
  const now = Date.parse('2026-11-23T09:00Z');
  const window = { giftNumber: 5, startTimestamp: Date.parse('2026-12-20T07:00Z'), endTimestamp: Date.parse('2026-12-21T07:00Z') };
  const names = { 5: 'Курс «Junior Frontend-разработчик»: последний шанс', 6: 'Курс «Middle Frontend-разработчик»' };

  it('says what was stored, by the gift’s name, in Moscow time', () => {
    expect(giftWindowStateText({ outcome: 'added', window }, names)).toBe(
      'Добавлено: «Курс «Junior Frontend-разработчик»: последний шанс»: 20 декабря, 10:00 МСК – 21 декабря, 10:00 МСК',
    );
    expect(giftWindowStateText({ outcome: 'saved', window }, names)).toMatch(/^Сохранено: «Курс «Junior/);
    expect(isRefusal({ outcome: 'saved', window })).toBe(false);
  });

  it('says why it was not, in red', () => {
    expect(giftWindowStateText({ outcome: 'no_times' }, names)).toBe('Укажите начало и конец');
    expect(giftWindowStateText({ outcome: 'not_found' }, names)).toBe('Окно не найдено');
    expect(giftWindowStateText({ outcome: 'problem', problem: { code: 'overlap', with: window } }, names)).toBe(
      'Пересекается с окном «Курс «Junior Frontend-разработчик»: последний шанс»: 20 декабря, 10:00 МСК – 21 декабря, 10:00 МСК',
    );
    expect(giftWindowStateText({ outcome: 'problem', problem: { code: 'gift-number', first: 1, last: 13 } }, names)).toBe('Выберите подарок из списка');
    expect([{ outcome: 'no_times' } as const, { outcome: 'problem', problem: { code: 'start-not-before-end' } } as const].every(isRefusal)).toBe(true);
  });

  it('says where a window stands as a marketer would', () => {
    expect(windowStateText(window, 'upcoming', now)).toBe('начнётся 20 декабря, 10:00 МСК');
    expect(windowStateText(window, 'active', now)).toBe('идёт сейчас, до 21 декабря, 10:00 МСК');
    expect(windowStateText(window, 'past', now)).toBe('закончилось 21 декабря, 10:00 МСК');
  });
});
