import { expect, it } from 'vitest';
import { schoolWeek, simulateYears } from './year-simulate';

it('a simulated year: the autopilot tests more and gains more than one test at a time by hand, its false positives per test at most 5 %', () => {
  const places = Array.from({ length: 8 }, (_, i) => ({
    kind: i % 2 === 0 ? ('page' as const) : ('popup' as const),
    key: `place-${i}`,
    visitorsPerDay: 400 + 150 * i,
    rate: 0.03,
    paying: 0.3,
    price: 30_000,
  }));
  const patterns = (['headline', 'buttonLabel', 'text', 'subheadline', 'leadTariff'] as const).flatMap((element) =>
    [1, 2].map((n) => ({ element, text: `${element} ${n}` })),
  );
  const year = simulateYears({ places, patterns, weekdayFactors: schoolWeek, summerDip: 0.3, days: 364 }, 3, 5);
  expect(year.autopilot.tests).toBeGreaterThan(year.byHand.tests);
  expect(year.autopilot.leads).toBeGreaterThan(year.byHand.leads);
  expect(year.autopilot.revenue).toBeGreaterThan(year.byHand.revenue);
  expect(year.autopilot.falsePositives / year.autopilot.nullTests).toBeLessThanOrEqual(0.05);
  expect(year.autopilot.untestedPlaceWeeks).toBeLessThan(year.byHand.untestedPlaceWeeks);
});
