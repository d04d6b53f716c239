import { describe, expect, it } from 'vitest';
import { giftWindowStateText, isRefusal } from './gift-labels';

describe('the gift window form in Russian', () => {
  const window = { giftNumber: 5, startTimestamp: Date.parse('2026-12-20T07:00Z'), endTimestamp: Date.parse('2026-12-21T07:00Z') };

  it('says what was stored, in Moscow time', () => {
    expect(giftWindowStateText({ outcome: 'added', window })).toBe('Добавлено: подарок 5, 2026-12-20 10:00:00 MSK – 2026-12-21 10:00:00 MSK');
    expect(giftWindowStateText({ outcome: 'saved', window })).toBe('Сохранено: подарок 5, 2026-12-20 10:00:00 MSK – 2026-12-21 10:00:00 MSK');
    expect(isRefusal({ outcome: 'saved', window })).toBe(false);
  });

  it('says why it was not, in red', () => {
    expect(giftWindowStateText({ outcome: 'no_times' })).toBe('Укажите начало и конец');
    expect(giftWindowStateText({ outcome: 'not_found' })).toBe('Окно не найдено');
    expect(giftWindowStateText({ outcome: 'problem', problem: { code: 'overlap', with: window } })).toBe(
      'Пересекается с окном подарка 5 (2026-12-20 10:00:00 MSK - 2026-12-21 10:00:00 MSK)',
    );
    expect([{ outcome: 'no_times' } as const, { outcome: 'problem', problem: { code: 'start-not-before-end' } } as const].every(isRefusal)).toBe(true);
  });
});
