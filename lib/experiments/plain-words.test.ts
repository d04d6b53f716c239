import { describe, expect, it } from 'vitest';
import {
  dayText,
  differenceText,
  endText,
  estimateEnd,
  keepNeedsConfirmation,
  keptByVerdict,
  leadsText,
  planText,
  roughly,
  showsStillNeeded,
  showsText,
  testProgress,
  verdictNotice,
  verdictPValue,
  verdictSentence,
} from './plain-words';
import { analyseTest, type DayCounts } from './sequential';

const DAY = 86_400_000;
/** Texts compared with ordinary spaces (Russian groups thousands with a no-break space). */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');
// Monday 23 November 2026, noon in Moscow.
const NOW = Date.parse('2026-11-23T09:00:00Z');

/** Cumulative day rows: each day adds `perDay` shows and leads to A and B. */
function days(perDay: [showsA: number, leadsA: number, showsB: number, leadsB: number], count: number): DayCounts[] {
  return Array.from({ length: count }, (_, d) => ({
    day: `2026-11-${String(d + 1).padStart(2, '0')}`,
    variants: [
      { shows: perDay[0] * (d + 1), leads: perDay[1] * (d + 1) },
      { shows: perDay[2] * (d + 1), leads: perDay[3] * (d + 1) },
    ],
  }));
}

describe('Russian words and numbers', () => {
  it('plural forms of shows and leads', () => {
    expect(showsText(1)).toBe('1 показ');
    expect(showsText(3)).toBe('3 показа');
    expect(showsText(11)).toBe('11 показов');
    expect(showsText(21)).toBe('21 показ');
    expect(plain(showsText(2000))).toBe('2 000 показов');
    expect(leadsText(1)).toBe('1 заявка');
    expect(leadsText(24)).toBe('24 заявки');
    expect(leadsText(25)).toBe('25 заявок');
  });

  it('rough counts keep two significant digits', () => {
    expect(roughly(87)).toBe(87);
    expect(roughly(2049)).toBe(2000);
    expect(roughly(13_850)).toBe(14_000);
    expect(roughly(14_327)).toBe(14_000);
  });

  it('dates as «6 декабря», Moscow time, with the year only when it is not this one', () => {
    expect(dayText(Date.parse('2026-12-06T10:00:00Z'), NOW)).toBe('6 декабря');
    // 23:30 on 31 December in UTC is already 1 January in Moscow.
    expect(dayText(Date.parse('2026-12-31T21:30:00Z'), NOW)).toBe('1 января 2027');
  });
});

describe('shows needed and the end', () => {
  it("each variant needs the plan's shows, or the floor of leads when that comes later", () => {
    const report = analyseTest(days([200, 19, 200, 42], 1), 2200);
    expect(showsStillNeeded(report)).toBe(2000);
    // 3 leads in 200 shows: 25 leads take about 1 667 shows, past a plan of 1 000.
    expect(showsStillNeeded(analyseTest(days([200, 3, 200, 6], 1), 1000))).toBe(Math.ceil((22 * 200) / 3));
    expect(showsStillNeeded(analyseTest(days([3000, 90, 3000, 90], 1), 2000))).toBe(0);
  });

  it('before any show: «ещё нет показов», never a date', () => {
    const end = estimateEnd({ showsPerVariant: 0, needed: 14_000, startedAt: NOW, now: NOW });
    expect(end).toEqual({ kind: 'no_shows' });
    expect(endText(end, NOW)).toBe('ещё нет показов');
  });

  it('a date from the pace so far; the first day counts as a whole one', () => {
    // 200 shows a variant within the first hour: 200 a day, 2 000 more take 10 days.
    const end = estimateEnd({ showsPerVariant: 200, needed: 2000, startedAt: NOW - 3_600_000, now: NOW });
    expect(end).toEqual({ kind: 'date', at: NOW + 10 * DAY });
    expect(endText(end, NOW)).toBe('примерно 3 декабря');
  });

  it('never a date more than a year ahead', () => {
    // 3 shows a variant on the first day, 14 000 needed: 13 years.
    const end = estimateEnd({ showsPerVariant: 3, needed: 14_000, startedAt: NOW, now: NOW });
    expect(end).toEqual({ kind: 'over_a_year' });
    expect(endText(end, NOW)).toBe('больше года при нынешнем трафике');
    expect(estimateEnd({ showsPerVariant: 100, needed: 36_500, startedAt: NOW - DAY, now: NOW }).kind).toBe('date');
    expect(estimateEnd({ showsPerVariant: 100, needed: 36_600, startedAt: NOW - DAY, now: NOW }).kind).toBe('over_a_year');
  });

  it("the plan's line: shows each variant needs, the shows so far and the end", () => {
    const report = analyseTest(days([200, 19, 200, 42], 1), 14_327);
    const line = plain(planText(report, testProgress(report, NOW - DAY, NOW), NOW));
    expect(line).toBe(
      'Для вывода каждому варианту нужно около 14 000 показов; сейчас у A 200, у B 200. Конец теста — примерно 2 февраля 2027, если трафик не изменится.',
    );
    const fresh = analyseTest([], 14_327);
    expect(plain(planText(fresh, testProgress(fresh, NOW, NOW), NOW))).toBe(
      'Для вывода каждому варианту нужно около 14 000 показов. Когда тест закончится, скажем по первым показам: ещё нет показов.',
    );
  });
});

describe('the verdict in one sentence', () => {
  it('B ahead but not yet sure: by how much, why it is not a verdict, how many shows and until when', () => {
    // A converts at 9.5 %, B at 21 %: A has fewer than 25 leads, so nothing is decided yet.
    const report = analyseTest(days([200, 19, 200, 42], 1), 2200);
    expect(report.verdict.kind).toBe('early');
    const sentence = plain(verdictSentence(report, testProgress(report, NOW - DAY, NOW), NOW));
    expect(sentence).toBe('B впереди на 121 %, но пока это может быть случайностью: нужно ещё около 2 000 показов каждого варианта, примерно до 3 декабря.');
    // One sentence: a single full stop, at the end.
    expect(sentence.match(/\.(\s|$)/g)).toHaveLength(1);
  });

  it('behind, level, no leads, no shows, too slow', () => {
    const behind = analyseTest(days([200, 40, 200, 30], 1), 2200);
    expect(plain(verdictSentence(behind, testProgress(behind, NOW - DAY, NOW), NOW))).toMatch(
      /^B отстаёт от A на 25 %, но пока это может быть случайностью: нужно ещё около 2 000 показов/,
    );
    const level = analyseTest(days([200, 20, 200, 20], 1), 2200);
    expect(verdictSentence(level, testProgress(level, NOW - DAY, NOW), NOW)).toMatch(
      /^Варианты пока идут вровень, но говорить, что разницы нет, пока рано: нужно ещё/,
    );
    const none = analyseTest(days([10, 0, 10, 0], 1), 14_000);
    expect(plain(verdictSentence(none, testProgress(none, NOW - DAY, NOW), NOW))).toBe(
      'Заявок пока нет ни у одного варианта, поэтому сравнивать рано: нужно ещё около 14 000 показов каждого варианта, а при нынешнем трафике это больше года.',
    );
    const fresh = analyseTest([], 14_327);
    expect(plain(verdictSentence(fresh, testProgress(fresh, NOW, NOW), NOW))).toBe(
      'Вывода пока нет: ещё нет показов, а каждому варианту нужно около 14 000 показов.',
    );
  });

  it('decided: better, worse, no difference; the split off', () => {
    const better = analyseTest(days([500, 15, 500, 25], 10), 14_000);
    expect(verdictSentence(better, null, NOW)).toMatch(
      /^Вариант B приносит на \d+ % больше заявок, чем A \(скорее всего, от \+[\d,]+ до \+[\d,]+ %\): это уже не случайность, его можно оставить\.$/,
    );
    const worse = analyseTest(days([500, 25, 500, 15], 10), 14_000);
    expect(verdictSentence(worse, null, NOW)).toMatch(/^Вариант B приносит на \d+ % меньше заявок, чем A .*: лучше оставить A\.$/);
    const horizon = analyseTest(days([500, 15, 500, 15], 30), 14_000);
    expect(verdictSentence(horizon, null, NOW)).toMatch(/^Разницы нет: тест набрал все запланированные показы/);
    const srm = analyseTest(
      [
        {
          day: '2026-11-01',
          variants: [
            { shows: 5000, leads: 150 },
            { shows: 6000, leads: 300 },
          ],
        },
      ],
      14_000,
    );
    expect(verdictSentence(srm, null, NOW)).toMatch(/^Вывод скрыт: показы делятся между вариантами неравномерно/);
  });

  it("the p-value shown is the verdict's: none below the floor, never under 5 % without a difference", () => {
    const early = analyseTest(days([400, 20, 400, 50], 1), 800);
    // The comparison has a p-value under 5 %, but the verdict does not rest on it (A has 20 leads of the 25).
    expect(early.verdict.kind).toBe('early');
    expect(early.comparisons[0]?.pValue).toBeLessThan(0.05);
    expect(verdictPValue(early, early.comparisons[0]!)).toBeNull();
    const better = analyseTest(days([500, 15, 500, 25], 10), 14_000);
    expect(verdictPValue(better, better.comparisons[0]!)).toEqual({ p: better.comparisons[0]!.pValue, atLeast: false });
    // Past the floor (A at 10 %, B at 22 %, half the plan) the boundary is reached and the interval, on the
    // ratio's log scale, leaves 0 out with it: the verdict and the p-value it rests on agree.
    const decided = analyseTest(days([300, 30, 300, 66], 1), 600);
    expect(decided.verdict.kind).toBe('better');
    expect(decided.comparisons[0]!.low).toBeGreaterThan(0);
    expect(verdictPValue(decided, decided.comparisons[0]!)).toEqual({ p: decided.comparisons[0]!.pValue, atLeast: false });
    // Whatever the figures, a p-value under 5 % is shown only beside a verdict of a difference.
    for (const leadsB of [20, 30, 40, 50, 60, 70, 80]) {
      const report = analyseTest(days([300, 30, 300, leadsB], 1), 600);
      const shown = verdictPValue(report, report.comparisons[0]!);
      if (shown && !shown.atLeast && shown.p < 0.05) expect(['better', 'worse']).toContain(report.verdict.kind);
    }
  });
});

describe('the difference to A in a table', () => {
  it('is its interval, or «пока слишком мало данных» while that cannot tell halving the leads from doubling them', () => {
    expect(differenceText({ estimate: 0.123, low: -0.051, high: 0.33 })).toBe('+12,3 % (от −5,1 до +33 %)');
    expect(differenceText({ estimate: 1.314, low: -0.95, high: 12.5 })).toBe('пока слишком мало данных');
    expect(differenceText({ estimate: -0.3, low: -0.6, high: 0.2 })).toBe('−30 % (от −60 до +20 %)');
  });
});

describe('keeping a variant', () => {
  it('asks first unless the verdict chose that very variant', () => {
    expect(keepNeedsConfirmation({ kind: 'early', daysToFloor: null }, 1)).toBe(true);
    expect(keepNeedsConfirmation({ kind: 'early', daysToFloor: null }, 0)).toBe(true);
    expect(keepNeedsConfirmation({ kind: 'better', variant: 1, estimate: 0.2, low: 0.05, high: 0.35 }, 1)).toBe(false);
    expect(keepNeedsConfirmation({ kind: 'better', variant: 1, estimate: 0.2, low: 0.05, high: 0.35 }, 0)).toBe(true);
    expect(keepNeedsConfirmation({ kind: 'no_difference', reachedHorizon: false }, 1)).toBe(true);
    expect(keepNeedsConfirmation({ kind: 'no_difference', reachedHorizon: false }, 0)).toBe(false);
  });

  it('the verdict keeps the better variant, else A: never a losing one on «разницы нет»', () => {
    expect(keptByVerdict({ kind: 'better', variant: 2, estimate: 0.2, low: 0.05, high: 0.35 })).toBe(2);
    expect(keptByVerdict({ kind: 'worse', variant: 1, estimate: -0.2, low: -0.35, high: -0.05 })).toBe(0);
    expect(keptByVerdict({ kind: 'no_difference', reachedHorizon: true })).toBe(0);
  });

  it("the alert's words", () => {
    const better = { kind: 'better', variant: 1, estimate: 0.18, low: 0.05, high: 0.3 } as const;
    expect(verdictNotice('Скидка 5 % — React-разработчик', better, false)).toBe(
      'Тест поп-апа «Скидка 5 % — React-разработчик» закончен: вариант B приносит на 18 % больше заявок. Оставьте его в консоли.',
    );
    expect(verdictNotice('Подарок', better, true)).toBe(
      'Тест поп-апа «Подарок» закончен: вариант B приносит на 18 % больше заявок — он оставлен автоматически.',
    );
    expect(verdictNotice('Подарок', { kind: 'no_difference', reachedHorizon: true }, true)).toBe(
      'Тест поп-апа «Подарок» закончен: разницы между вариантами нет — оставлен A.',
    );
  });
});
