import { describe, expect, it } from 'vitest';
import { formatMoscowMoment } from '@/lib/calendar';
import { nextReleaseTimerRun, releaseTimerRunOn } from '@/lib/release-timer';
import { lastRunText, publicationMoment, publicationKindLabels } from './publications-labels';
import { publicationSchedule } from './schedule';

const now = Date.parse('2026-11-27T10:00:00+03:00');
const at = (moscow: string) => Date.parse(`${moscow}+03:00`);

describe('«Публикации»', () => {
  it('lists what will appear or end, by time, the dated entries with the timer run of their day', () => {
    const rows = publicationSchedule(
      {
        dated: [
          { kind: 'event', title: 'Весенний марафон', path: '/events/spring-2027', publishedAt: '2026-12-16' },
          { kind: 'article', title: 'Вышла вчера', path: '/media/old', publishedAt: '2026-11-26' },
        ],
        popups: [{ name: 'Поп-ап «Скидка»', path: '/products/git', startsAt: at('2026-12-01T10:00:00'), endsAt: at('2026-12-20T10:00:00') }],
        gifts: [
          { name: 'Курс «Основы программирования»', startTimestamp: at('2026-11-20T10:00:00'), endTimestamp: at('2026-11-28T10:00:00') },
          { name: 'Курс «Git»', startTimestamp: at('2026-12-16T10:00:00'), endTimestamp: at('2026-12-17T10:00:00') },
        ],
      },
      now,
    );
    expect(rows.map((row) => [formatMoscowMoment(row.at, now), row.change, publicationKindLabels[row.kind], row.name])).toEqual([
      ['28 ноября, 10:00 МСК', 'ends', 'Подарок', 'Курс «Основы программирования»'],
      ['1 декабря, 10:00 МСК', 'appears', 'Поп-ап', 'Поп-ап «Скидка»'],
      ['16 декабря, 00:10 МСК', 'appears', 'Событие', 'Весенний марафон'],
      ['16 декабря, 10:00 МСК', 'appears', 'Подарок', 'Курс «Git»'],
      ['17 декабря, 10:00 МСК', 'ends', 'Подарок', 'Курс «Git»'],
      ['20 декабря, 10:00 МСК', 'ends', 'Поп-ап', 'Поп-ап «Скидка»'],
    ]);
    expect(publicationMoment(rows[2]!, now)).toBe('16 декабря, 00:10 МСК, с выпуском по таймеру');
  });

  it("says the timer's last run and its next", () => {
    expect(lastRunText(null, now)).toBe('Таймер выпусков ещё не запускался с этой базой данных.');
    expect(lastRunText({ ranAt: at('2026-11-27T00:10:05'), day: '2026-11-27', due: [], outcome: 'nothing' }, now)).toBe(
      '27 ноября, 00:10 МСК: публиковать было нечего, сайт не пересобирался.',
    );
    expect(
      lastRunText(
        { ranAt: at('2026-11-27T00:10:05'), day: '2026-11-27', due: [{ kind: 'event', title: 'Марафон', path: '/events/m' }], outcome: 'release' },
        now,
      ),
    ).toBe('27 ноября, 00:10 МСК: вышли событие «Марафон» — сайт пересобран.');
    expect(nextReleaseTimerRun(now)).toBe(at('2026-11-28T00:10:00'));
    expect(nextReleaseTimerRun(at('2026-11-27T00:05:00'))).toBe(at('2026-11-27T00:10:00'));
    expect(releaseTimerRunOn('2027-01-01')).toBe(at('2027-01-01T00:10:00'));
  });
});
