import { describe, expect, it } from 'vitest';
import { invitationNote, joinErrorText, lastSignInText, passwordHint, removeStateText } from './operator-labels';

describe('«Операторы» in Russian', () => {
  it('words every refusal of «Удалить» and its success', () => {
    expect(removeStateText({ outcome: 'removed', email: 'boris@school.ru' })).toBe('Оператор boris@school.ru удалён, его сеансы закончены');
    expect(removeStateText({ outcome: 'last' })).toBe('Нельзя удалить единственного оператора: сначала добавьте другого');
    expect(removeStateText({ outcome: 'self' })).toBe('Нельзя удалить самого себя: попросите об этом другого оператора');
    expect(removeStateText({ outcome: 'missing' })).toBe('Этого оператора уже нет в списке');
  });

  it('says until when a link works (Moscow time) and the rules of a password', () => {
    expect(invitationNote({ outcome: 'invited', email: 'boris@school.ru', link: 'x', expiresAt: Date.UTC(2026, 10, 25, 9, 0) })).toMatch(
      /^Ссылка для boris@school\.ru действует до 25\.11\.2026, 12:00 \(МСК\)/,
    );
    expect(passwordHint).toBe('Не короче 12 символов (и не длиннее 128).');
    expect(joinErrorText('password_short')).toBe('Пароль слишком короткий: нужно не меньше 12 символов');
    expect(joinErrorText('expired')).toMatch(/^Срок приглашения истёк/);
    expect(lastSignInText(null)).toBe('ещё не входил(а)');
    expect(lastSignInText(Date.UTC(2026, 10, 23, 7, 5))).toBe('23.11.2026, 10:05');
  });
});
