import { describe, expect, it } from 'vitest';
import { analyseTest, cumulativeDays } from '@/lib/experiments/sequential';
import { noChanges } from '@/lib/page-tests/variants';
import type { PageTest } from '@/server/experiments/subjects/page';
import type { SplitTest } from '@/server/experiments/subjects/popup';
import { learnedEntries, learnedSubjects, searchLearned, type FinishedPageTest, type FinishedPopupTest } from './entries';

const texts = (headline: string, buttonLabel = 'Получить') => ({ headline, text: 'Текст', buttonLabel });
const report = (figures: { shows: number; leads: number }[], planned = 1000) =>
  analyseTest(
    cumulativeDays(
      figures.map((variant, index) => ({ day: '2026-12-01', variant: index, ...variant })),
      figures.length,
    ),
    planned,
  );

const popupTest: FinishedPopupTest = {
  kind: 'popup',
  name: 'Скидка на курс «React-разработчик»',
  test: {
    id: 'p1',
    popupId: 'popup-react-developer-discount',
    status: 'decided',
    variants: [texts('Скидка 5 %'), texts('Скидка 5 % до пятницы', 'Хочу скидку')],
    plannedShows: 1000,
    startedAt: Date.UTC(2026, 10, 1, 9),
    startedBy: 'anna@school.ru',
    stoppedAt: Date.UTC(2026, 10, 20, 9),
    stoppedBy: 'system:auto_keep',
    winner: 1,
    autoKeep: true,
    verdictAt: Date.UTC(2026, 10, 20, 9),
  } satisfies SplitTest,
  report: report([
    { shows: 1000, leads: 30 },
    { shows: 1000, leads: 70 },
  ]),
};

const pageTest: FinishedPageTest = {
  kind: 'page',
  name: 'Страница курса «Junior фронтенд-разработчик»',
  original: { headline: 'Junior фронтенд-разработчик', subheadline: 'С нуля', buttonLabel: 'Записаться', leadTariff: 'Базовый' },
  test: {
    id: 't1',
    pagePath: '/products/junior-js',
    status: 'stopped',
    version: 3,
    variants: [noChanges, { ...noChanges, leadTariff: 'Оптимальный' }],
    plannedVisitors: 1000,
    createdAt: Date.UTC(2026, 10, 2, 9),
    createdBy: 'boris@school.ru',
    updatedAt: Date.UTC(2026, 10, 25, 9),
    startedAt: Date.UTC(2026, 10, 3, 9),
    startedBy: 'boris@school.ru',
    stoppedAt: Date.UTC(2026, 10, 25, 9),
    stoppedBy: 'vera@school.ru',
    winner: null,
  } satisfies PageTest,
  leads: report([
    { shows: 40, leads: 1 },
    { shows: 41, leads: 2 },
  ]),
  revenue: [null],
  payments: 0,
};

describe('«Что мы узнали»', () => {
  const entries = learnedEntries([popupTest, pageTest]);

  it('makes one entry a finished test, the last ended first, with what it compared, its verdict, figures and people', () => {
    expect(entries.map((entry) => entry.id)).toEqual(['t1', 'p1']);
    const [page, popup] = entries as [(typeof entries)[0], (typeof entries)[0]];
    expect(popup).toMatchObject({
      title: 'Поп-ап «Скидка на курс «React-разработчик»»',
      href: '/admin/popups/popup-react-developer-discount',
      countedLabel: 'Показы',
      outcome: 'Оставлен вариант B',
      startedBy: 'anna@school.ru',
      endedBy: 'system:auto_keep',
    });
    expect(popup.verdict).toMatch(/^Вариант B приносит на \d+ % больше заявок, чем A \(скорее всего, от \+[\d,]+ до \+[\d,]+ %\): это уже не случайность/);
    expect(popup.variants[0]).toMatchObject({ letter: 'A', changes: [], counted: 1000, leads: 30, difference: 'основа', kept: false });
    expect(popup.variants[0]!.conversion).toMatch(/^3 % \([\d,]+ %–[\d,]+ %\)$/);
    expect(popup.variants[1]!.changes).toEqual([
      { element: 'headline', label: 'Заголовок', before: 'Скидка 5 %', after: 'Скидка 5 % до пятницы' },
      { element: 'buttonLabel', label: 'Надпись на кнопке', before: 'Получить', after: 'Хочу скидку' },
    ]);
    expect(popup.variants[1]!.difference).toMatch(/^\+[\d,]+ % \(от \+[\d,]+ до \+[\d,]+ %\)$/);
    expect(popup.variants[1]!.kept).toBe(true);

    expect(page).toMatchObject({
      title: 'Страница курса «Junior фронтенд-разработчик»',
      href: '/admin/page-tests/t1',
      countedLabel: 'Посетители',
      verdict: 'По заявкам пока рано судить; по выручке пока рано судить: оплат 0',
      outcome: 'Тест остановлен без выбора: остался вариант A, как было',
      startedBy: 'boris@school.ru',
      endedBy: 'vera@school.ru',
    });
    expect(page.variants[1]).toMatchObject({
      changes: [{ element: 'leadTariff', label: 'Цена на первом месте', before: 'Базовый', after: 'Оптимальный' }],
      difference: 'пока слишком мало данных',
      conversion: '4,9 % (1,3 %–16,1 %)',
    });
  });

  it('searches by page or pop-up and by the element some variant changed', () => {
    expect(searchLearned(entries, { subject: '', element: '' })).toHaveLength(2);
    expect(searchLearned(entries, { subject: 'page:/products/junior-js', element: '' }).map((entry) => entry.id)).toEqual(['t1']);
    expect(searchLearned(entries, { subject: '', element: 'headline' }).map((entry) => entry.id)).toEqual(['p1']);
    expect(searchLearned(entries, { subject: '', element: 'leadTariff' }).map((entry) => entry.id)).toEqual(['t1']);
    expect(searchLearned(entries, { subject: 'page:/products/junior-js', element: 'headline' })).toEqual([]);
    expect(learnedSubjects(entries)).toEqual([
      { key: 'popup:popup-react-developer-discount', title: 'Поп-ап «Скидка на курс «React-разработчик»»' },
      { key: 'page:/products/junior-js', title: 'Страница курса «Junior фронтенд-разработчик»' },
    ]);
  });
});
