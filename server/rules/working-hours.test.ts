import { describe, expect, it } from 'vitest';
import { formatHours, isOpen, nextOpening, parseHours, type WorkingSchedule } from './working-hours';

// Moscow is UTC+3: 10:00 in Moscow is 07:00 UTC.
const at = (iso: string) => Date.parse(iso);
const weekdays: WorkingSchedule = { openMinute: 600, closeMinute: 19 * 60, days: [1, 2, 3, 4, 5] };

describe('working hours', () => {
  it('reads 10:00–19:00 with any dash and refuses nonsense', () => {
    expect(parseHours('10:00–19:00')).toEqual({ ok: true, openMinute: 600, closeMinute: 1140 });
    expect(parseHours(' 9:30 - 18:00 ')).toEqual({ ok: true, openMinute: 570, closeMinute: 1080 });
    expect(parseHours('00:00—24:00')).toEqual({ ok: true, openMinute: 0, closeMinute: 1440 });
    expect(parseHours('10-19')).toEqual({ ok: false, error: 'hours_format' });
    expect(parseHours('10:60–19:00')).toEqual({ ok: false, error: 'hours_format' });
    expect(parseHours('25:00–26:00')).toEqual({ ok: false, error: 'hours_format' });
    expect(parseHours('19:00–10:00')).toEqual({ ok: false, error: 'hours_order' });
    expect(parseHours('10:00–10:00')).toEqual({ ok: false, error: 'hours_order' });
    expect(formatHours({ openMinute: 570, closeMinute: 1440 })).toBe('09:30–24:00');
  });

  it('is open on a working day between the opening and the closing, Moscow time', () => {
    // Wednesday 25 November 2026.
    expect(isOpen(at('2026-11-25T07:00:00Z'), weekdays)).toBe(true); // 10:00 MSK
    expect(isOpen(at('2026-11-25T06:59:59Z'), weekdays)).toBe(false); // 09:59 MSK
    expect(isOpen(at('2026-11-25T15:59:59Z'), weekdays)).toBe(true); // 18:59 MSK
    expect(isOpen(at('2026-11-25T16:00:00Z'), weekdays)).toBe(false); // 19:00 MSK
    // Saturday noon.
    expect(isOpen(at('2026-11-28T09:00:00Z'), weekdays)).toBe(false);
    // Monday 01:00 MSK is still Sunday 22:00 UTC.
    expect(isOpen(at('2026-11-29T22:00:00Z'), { ...weekdays, openMinute: 0 })).toBe(true);
  });

  it('finds the next opening: the same morning, the next day, after the weekend', () => {
    expect(nextOpening(at('2026-11-25T08:00:00Z'), weekdays)).toBe(at('2026-11-25T08:00:00Z'));
    expect(nextOpening(at('2026-11-25T03:00:00Z'), weekdays)).toBe(at('2026-11-25T07:00:00Z'));
    expect(nextOpening(at('2026-11-25T20:00:00Z'), weekdays)).toBe(at('2026-11-26T07:00:00Z')); // 23:00 Wed
    expect(nextOpening(at('2026-11-25T21:30:00Z'), weekdays)).toBe(at('2026-11-26T07:00:00Z')); // 00:30 Thu
    expect(nextOpening(at('2026-11-27T17:00:00Z'), weekdays)).toBe(at('2026-11-30T07:00:00Z')); // Fri evening → Mon
    expect(nextOpening(at('2026-11-28T09:00:00Z'), { ...weekdays, days: [6] })).toBe(at('2026-11-28T09:00:00Z'));
    expect(nextOpening(at('2026-11-28T17:00:00Z'), { ...weekdays, days: [6] })).toBe(at('2026-12-05T07:00:00Z'));
    expect(nextOpening(at('2026-11-28T17:00:00Z'), { ...weekdays, days: [] })).toBeNull();
  });
});
