import { describe, expect, it } from 'vitest';
import { popupStateText } from './popup-labels';

describe('whether a pop-up shows, in the list’s words', () => {
  const now = Date.UTC(2026, 11, 15, 9, 0);
  const tomorrow = Date.UTC(2026, 11, 16, 7, 0);
  it('says a pop-up that starts tomorrow is scheduled, not on; an ended one ended', () => {
    expect(popupStateText({ enabled: true, startsAt: tomorrow, endsAt: null }, now)).toBe('запланирован с 16 декабря, 10:00 МСК');
    expect(popupStateText({ enabled: true, startsAt: null, endsAt: now - 3_600_000 }, now)).toBe('закончился 15 декабря, 11:00 МСК');
    expect(popupStateText({ enabled: true, startsAt: now - 1, endsAt: tomorrow }, now)).toBe('включён до 16 декабря, 10:00 МСК');
    expect(popupStateText({ enabled: true, startsAt: null, endsAt: null }, now)).toBe('включён');
    expect(popupStateText({ enabled: false, startsAt: tomorrow, endsAt: null }, now)).toBe('выключен');
  });
});
