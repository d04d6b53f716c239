import { describe, expect, it } from 'vitest';
import { formatMoscowMoment } from '@/lib/calendar';
import { nextReleaseTimerRun, releaseTimerRunOn } from '@/lib/release-timer';
import { lastRunText, publicationMoment, publicationKindLabels } from './publications-labels';
import { parseTargetKey, publicationSchedule, targetKey } from './schedule';

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
        versions: [],
        prices: [],
        popups: [{ id: 'promo-sale', name: 'Поп-ап «Скидка»', path: '/products/git', startsAt: at('2026-12-01T10:00:00'), endsAt: at('2026-12-20T10:00:00') }],
        gifts: [
          { id: 1, name: 'Курс «Основы программирования»', startTimestamp: at('2026-11-20T10:00:00'), endTimestamp: at('2026-11-28T10:00:00') },
          { id: 2, name: 'Курс «Git»', startTimestamp: at('2026-12-16T10:00:00'), endTimestamp: at('2026-12-17T10:00:00') },
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

  it("lists the console's scheduled versions at their own moment, each with what «Отменить» and «Перенести» act on", () => {
    const rows = publicationSchedule(
      {
        dated: [],
        versions: [
          { id: 7, kind: 'article', title: 'Новая статья', path: '/media/new', publishAt: at('2026-11-27T10:02:00'), onSite: false },
          { id: 8, kind: 'event', title: 'Квест', path: '/events/snow-quest', publishAt: at('2026-11-28T12:00:00'), onSite: true },
          { id: 6, kind: 'article', title: 'Уже вышла', path: '/media/old', publishAt: at('2026-11-27T09:00:00'), onSite: true },
        ],
        prices: [{ id: 5, course: 'Junior-комбо', path: '/products/junior', effectiveFrom: at('2026-12-01T00:00:00') }],
        popups: [],
        gifts: [{ id: 3, name: 'Курс «Git»', startTimestamp: at('2026-12-16T10:00:00'), endTimestamp: at('2026-12-17T10:00:00') }],
      },
      now,
    );
    expect(rows.map((row) => [row.name, row.change, row.withRelease, row.target && targetKey(row.target)])).toEqual([
      ['Новая статья', 'appears', false, 'content:7'],
      ['Квест', 'changes', false, 'content:8'],
      ['Junior-комбо', 'changes', false, 'price:5'],
      ['Курс «Git»', 'appears', false, 'gift:3:start'],
      ['Курс «Git»', 'ends', false, 'gift:3:end'],
    ]);
    for (const row of rows) expect(parseTargetKey(targetKey(row.target!))).toEqual(row.target);
    expect(parseTargetKey('popup:promo-sale:startsAt')).toEqual({ source: 'popup', id: 'promo-sale', bound: 'startsAt' });
    expect(parseTargetKey('content:x')).toBeNull();
    expect(parseTargetKey('gift:3:middle')).toBeNull();
  });

  it("says the timer's last run and its next", () => {
    expect(lastRunText(null, now)).toBe(
      'Запусков пока не было. Таймер нужен только статьям и событиям, дата которых записана в файлах; опубликованное в консоли выходит само.',
    );
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
