import { describe, expect, it } from 'vitest';
import { candidateTexts, decideAtLook, proposalsToStart, questionKey, rankOpportunities, type PlaceFigures, type TestedQuestion } from './autopilot';
import { plannedShowsPerVariant } from './sequential';

const plannedPerVariant = (rate: number) => plannedShowsPerVariant(rate);
const page = (key: string, visitors: number, leads: number): PlaceFigures => ({ kind: 'page', key, visitors, leads, payments: 0, days: 28 });
const popup = (key: string, visitors: number, leads: number): PlaceFigures => ({ kind: 'popup', key, visitors, leads, payments: 0, days: 28 });

describe('rankOpportunities', () => {
  const patterns = [
    { element: 'headline' as const, text: 'Профессия за 9 месяцев' },
    { element: 'buttonLabel' as const, text: 'Записаться бесплатно' },
  ];

  it('puts first the place where most visitors meet it and fewest leave a lead beside the best of its kind, one proposal a place', () => {
    const ranked = rankOpportunities({
      places: [page('/products/busy-good', 30_000, 1500), page('/products/busy-poor', 30_000, 600), popup('promo', 20_000, 800)],
      history: [],
      patterns,
      busy: new Set(),
      plannedPerVariant,
    });
    // The only pop-up is the best of its kind: it weighs by its missed visitors alone, as the best page does.
    expect(ranked.map((o) => o.key)).toEqual(['/products/busy-poor', '/products/busy-good', 'promo']);
    expect(ranked[0]).toMatchObject({ element: 'headline', text: 'Профессия за 9 месяцев', source: 'pattern' });
  });

  it('skips a busy place and one whose test would take longer than 90 days', () => {
    const ranked = rankOpportunities({
      places: [page('/products/a', 30_000, 600), page('/products/tiny', 200, 4)],
      history: [],
      patterns,
      busy: new Set(['page:/products/a']),
      plannedPerVariant,
    });
    expect(ranked).toEqual([]);
  });

  it('prefers an element never tested at the place', () => {
    const history: TestedQuestion[] = [{ kind: 'page', key: '/products/a', element: 'headline', text: 'Старый заголовок', outcome: 'no_difference' }];
    const [first] = rankOpportunities({ places: [page('/products/a', 30_000, 600)], history, patterns, busy: new Set(), plannedPerVariant });
    expect(first).toMatchObject({ element: 'buttonLabel', text: 'Записаться бесплатно' });
  });
});

describe('candidateTexts', () => {
  const place = { kind: 'page' as const, key: '/products/a' };
  const patterns = [{ element: 'headline' as const, text: 'Профессия за 9 месяцев' }];

  it('drafts from a winner learned on another place first, then from the patterns', () => {
    const history: TestedQuestion[] = [{ kind: 'page', key: '/products/b', element: 'headline', text: 'Работа через год', outcome: 'better' }];
    expect(candidateTexts(place, 'headline', history, patterns)).toEqual([
      { text: 'Работа через год', source: 'learned' },
      { text: 'Профессия за 9 месяцев', source: 'pattern' },
    ]);
  });

  it('never proposes a text a learned entry answers at this place, unless the team asked to test it again', () => {
    const history: TestedQuestion[] = [{ kind: 'page', key: '/products/a', element: 'headline', text: '  профессия  за 9 месяцев', outcome: 'no_difference' }];
    expect(candidateTexts(place, 'headline', history, patterns)).toEqual([]);
    const retest = new Set([questionKey({ ...place, element: 'headline', text: 'Профессия за 9 месяцев' })]);
    expect(candidateTexts(place, 'headline', history, patterns, retest)).toEqual([{ text: 'Профессия за 9 месяцев', source: 'pattern' }]);
  });
});

describe('decideAtLook', () => {
  it('ends on a result keeping the winner only when asked, ends for futility, else goes on', () => {
    expect(decideAtLook({ verdict: { kind: 'better', variant: 1 }, futile: false, keepWinner: true })).toEqual({ action: 'end', reason: 'result', keep: 1 });
    expect(decideAtLook({ verdict: { kind: 'better', variant: 1 }, futile: false, keepWinner: false })).toEqual({
      action: 'end',
      reason: 'result',
      keep: null,
    });
    expect(decideAtLook({ verdict: { kind: 'worse', variant: 1 }, futile: false, keepWinner: true })).toEqual({ action: 'end', reason: 'result', keep: null });
    expect(decideAtLook({ verdict: { kind: 'early' }, futile: true, keepWinner: true })).toEqual({ action: 'end', reason: 'futility', keep: null });
    expect(decideAtLook({ verdict: { kind: 'srm' }, futile: true, keepWinner: true })).toEqual({ action: 'continue' });
    expect(decideAtLook({ verdict: { kind: 'early' }, futile: false, keepWinner: true })).toEqual({ action: 'continue' });
  });
});

describe('proposalsToStart', () => {
  it('starts approved proposals in queue order, one a place, none where a test runs', () => {
    const queue = [
      { id: '1', kind: 'page' as const, key: '/a', status: 'approved' as const, position: 2 },
      { id: '2', kind: 'page' as const, key: '/a', status: 'approved' as const, position: 1 },
      { id: '3', kind: 'popup' as const, key: 'p', status: 'approved' as const, position: 3 },
      { id: '4', kind: 'page' as const, key: '/b', status: 'proposed' as const, position: 0 },
    ];
    expect(proposalsToStart(queue, new Set()).map((p) => p.id)).toEqual(['2', '3']);
    expect(proposalsToStart(queue, new Set(['popup:p'])).map((p) => p.id)).toEqual(['2']);
  });
});
