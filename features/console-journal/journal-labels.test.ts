import { describe, expect, it } from 'vitest';
import { auditActionText, moscowPeriod } from './journal-labels';

describe('the journal’s words', () => {
  it('says a folded row of sign-in attempts with its count, every other action by its name', () => {
    expect(auditActionText({ action: 'sign_in_failed', count: 37 })).toBe('Неудачные входы: 37');
    expect(auditActionText({ action: 'sign_in_refused', count: 190 })).toBe('Входы из одной сети отклонены: много неудачных попыток: 190');
    expect(auditActionText({ action: 'sign_in_refused_address', count: 170 })).toBe('Входы с одного адреса отклонены: много неудачных попыток: 170');
    expect(auditActionText({ action: 'sign_in_refused_everywhere', count: 12 })).toBe('Входы отклонены отовсюду: много неудачных попыток из разных сетей: 12');
    expect(auditActionText({ action: 'sign_in', count: 1 })).toBe('Вход');
    expect(auditActionText({ action: 'export', count: 1 })).toBe('Выгрузка CSV');
  });

  it('gives a folded row’s first to latest attempt in Moscow time, the day once when it is one day', () => {
    const at = Date.UTC(2026, 10, 23, 9, 34);
    expect(moscowPeriod(at, at)).toBe('23.11.2026, 12:34');
    expect(moscowPeriod(at, at + 7 * 60_000)).toBe('23.11.2026, 12:34–12:41');
    expect(moscowPeriod(at, at + 14 * 3_600_000)).toBe('23.11.2026, 12:34 – 24.11.2026, 02:34');
  });
});
