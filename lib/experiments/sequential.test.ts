import { describe, expect, it } from 'vitest';
import {
  analyseTest,
  cumulativeDays,
  chiSquareSurvival,
  confidenceSequenceHalfWidth,
  correctedZ,
  crossesBoundary,
  normalCdf,
  normalQuantile,
  plannedShowsPerVariant,
  ratioInterval,
  relativeDifference,
  repeatedPValue,
  sampleRatioMismatch,
  sequentialBoundaries,
  wilsonInterval,
  type DayCounts,
} from './sequential';
import { benchScenario, seededRandom, simulate } from './simulate';

describe('normal distribution', () => {
  it('matches the tables', () => {
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.00125)).toBeCloseTo(-3.0233, 3);
  });
});

describe("Lan-DeMets O'Brien-Fleming boundaries", () => {
  // Published two-sided α = 0.05 boundaries for equally spaced looks (Jennison & Turnbull 2000, table 7.6;
  // R ldbounds / gsDesign sfLDOF give the same).
  it('two looks: 2.963, 1.969', () => {
    const [first, last] = sequentialBoundaries([0.5, 1]);
    expect(first).toBeCloseTo(2.963, 3);
    expect(last).toBeCloseTo(1.969, 3);
  });

  it('five looks: 4.877, 3.357, 2.680, 2.290, 2.031', () => {
    const expected = [4.877, 3.357, 2.68, 2.29, 2.031];
    sequentialBoundaries([0.2, 0.4, 0.6, 0.8, 1]).forEach((c, k) => expect(c).toBeCloseTo(expected[k]!, 2));
  });

  it('days with no shows before the first are no looks: the boundaries after them are those without them', () => {
    const [empty, first, last] = sequentialBoundaries([0, 0.5, 1]);
    expect(empty).toBe(Number.POSITIVE_INFINITY);
    expect(first).toBeCloseTo(2.963, 3);
    expect(last).toBeCloseTo(1.969, 3);
  });

  it('a single look at the horizon is the plain z-test', () => {
    expect(sequentialBoundaries([1])[0]).toBeCloseTo(1.96, 3);
  });

  it('spends exactly alpha over 30 daily looks (Brownian motion by simulation)', () => {
    const fractions = Array.from({ length: 30 }, (_, day) => (day + 1) / 30);
    const boundaries = sequentialBoundaries(fractions);
    const random = seededRandom(7);
    const gauss = () => normalQuantile(random() * 0.999998 + 1e-6);
    let crossed = 0;
    const runs = 40_000;
    for (let run = 0; run < runs; run++) {
      let s = 0;
      for (let k = 0; k < fractions.length; k++) {
        s += gauss() * Math.sqrt(fractions[k]! - (k ? fractions[k - 1]! : 0));
        if (Math.abs(s / Math.sqrt(fractions[k]!)) >= boundaries[k]!) {
          crossed += 1;
          break;
        }
      }
    }
    expect(crossed / runs).toBeGreaterThan(0.045);
    expect(crossed / runs).toBeLessThan(0.055);
  });

  it('repeated p-value: equals the plain p at a single look, and exceeds it under peeking', () => {
    expect(repeatedPValue([1], 1.959963984540054)).toBeCloseTo(0.05, 3);
    const daily = Array.from({ length: 10 }, (_, day) => (day + 1) / 30);
    expect(repeatedPValue(daily, 2.5)).toBeGreaterThan(2 * (1 - normalCdf(2.5)));
  });
});

describe('A/A tests looked at every day (seeded, deterministic)', () => {
  it('keep false positives at most 5 %, where the naive daily z-test is several times higher', () => {
    const result = simulate(benchScenario, 0, 1000, 20281, false);
    const rate = result.verdicts / result.tests;
    const naive = result.naiveVerdicts / result.tests;
    expect(rate).toBeLessThanOrEqual(0.05);
    expect(naive).toBeGreaterThan(3 * 0.05);
  });

  it('A/B tests at +20 % reach a verdict for B in at least 65 % of runs', () => {
    const result = simulate(benchScenario, 0.2, 1000, 20282, true);
    expect(result.verdicts / result.tests).toBeGreaterThanOrEqual(0.65);
  });
});

describe('figures of a variant', () => {
  it('the interval of the difference to A never reaches below −100 %, however few the leads', () => {
    for (const [a, leadsA, b, leadsB] of [
      [18, 1, 35, 1],
      [40, 2, 40, 0],
      [300, 9, 280, 2],
      [60, 3, 20, 1],
    ] as const) {
      const interval = ratioInterval({ shows: a, leads: leadsA }, { shows: b, leads: leadsB }, 3)!;
      expect(interval.low, `${leadsA}/${a} against ${leadsB}/${b}`).toBeGreaterThan(-1);
      expect(interval.high).toBeGreaterThan(interval.low);
    }
    expect(ratioInterval({ shows: 100, leads: 0 }, { shows: 100, leads: 5 }, 2)).toBeNull();
  });

  it('Wilson interval', () => {
    const { low, high } = wilsonInterval(30, 1000);
    expect(low).toBeCloseTo(0.0211, 3);
    expect(high).toBeCloseTo(0.0425, 3);
  });

  it('relative difference needs a lead in A', () => {
    expect(relativeDifference({ shows: 100, leads: 0 }, { shows: 100, leads: 5 })).toBeNull();
    expect(relativeDifference({ shows: 1000, leads: 30 }, { shows: 1000, leads: 36 })?.estimate).toBeCloseTo(0.2, 6);
  });

  it('chi-square tails', () => {
    expect(chiSquareSurvival(3.841, 1)).toBeCloseTo(0.05, 3);
    expect(chiSquareSurvival(5.991, 2)).toBeCloseTo(0.05, 3);
    expect(chiSquareSurvival(7.815, 3)).toBeCloseTo(0.05, 3);
  });

  it('planned shows for +20 % at 3 %', () => {
    // Single look: (1.96 + 0.8416)² · (0.03·0.97 + 0.036·0.964) / 0.006² ≈ 13,900; ×1.03.
    expect(plannedShowsPerVariant(0.03)).toBeGreaterThan(14_000);
    expect(plannedShowsPerVariant(0.03)).toBeLessThan(14_700);
  });
});

describe('sample-ratio mismatch', () => {
  it('flags a split that is off', () => {
    expect(sampleRatioMismatch([1000, 1200]).mismatch).toBe(true);
  });

  it('does not flag chance', () => {
    expect(sampleRatioMismatch([1000, 1040]).mismatch).toBe(false);
  });

  it('does not flag a trifling deviation on huge traffic (p < 0.001 alone is not enough)', () => {
    const srm = sampleRatioMismatch([1_000_000, 1_010_000]);
    expect(srm.p).toBeLessThan(0.001);
    expect(srm.mismatch).toBe(false);
  });

  it('hides the verdict while the split is off', () => {
    const days: DayCounts[] = [
      {
        day: '2026-11-01',
        variants: [
          { shows: 5000, leads: 150 },
          { shows: 6000, leads: 300 },
        ],
      },
    ];
    expect(analyseTest(days, 14_000).verdict).toEqual({ kind: 'srm' });
  });
});

describe('verdict', () => {
  const cumulative = (perDay: [number, number, number, number], days: number): DayCounts[] =>
    Array.from({ length: days }, (_, d) => ({
      day: `2026-11-${String(d + 1).padStart(2, '0')}`,
      variants: [
        { shows: perDay[0] * (d + 1), leads: perDay[1] * (d + 1) },
        { shows: perDay[2] * (d + 1), leads: perDay[3] * (d + 1) },
      ],
    }));

  it('too early below the floor, with the days it should take', () => {
    const report = analyseTest(cumulative([50, 2, 50, 3], 2), 14_000);
    expect(report.verdict.kind).toBe('early');
    expect(report.verdict).toMatchObject({ daysToFloor: 11 });
  });

  it('B better once the boundary is crossed', () => {
    const report = analyseTest(cumulative([500, 15, 500, 25], 10), 14_000);
    expect(report.verdict.kind).toBe('better');
    expect(report.comparisons[0]?.low).toBeGreaterThan(0);
    expect(report.comparisons[0]?.pValue).toBeLessThan(0.05);
  });

  it('the same figures at the first look are not yet a verdict (early looks pay)', () => {
    const report = analyseTest(cumulative([500, 15, 500, 18], 3), 14_000);
    expect(report.verdict.kind).toBe('early');
  });

  it('no difference at the planned end', () => {
    const report = analyseTest(cumulative([500, 15, 500, 15], 30), 14_000);
    expect(report.verdict).toEqual({ kind: 'no_difference', reachedHorizon: true });
  });
});

describe('test statistic', () => {
  it('continuity-corrected pooled z: smaller than the plain one, zero for a difference under the correction', () => {
    const a = { shows: 1000, leads: 30 };
    const b = { shows: 1000, leads: 45 };
    const pooled = 75 / 2000;
    const plain = (0.045 - 0.03) / Math.sqrt(pooled * (1 - pooled) * (2 / 1000));
    expect(correctedZ(a, b)).toBeCloseTo(((0.015 - 0.001) / 0.015) * plain, 6);
    expect(correctedZ(a, { shows: 1000, leads: 30 })).toBe(0);
    expect(correctedZ(b, a)).toBeCloseTo(-correctedZ(a, b), 9);
  });

  it('a verdict needs the boundary and the interval excluding 0', () => {
    expect(crossesBoundary({ shows: 5000, leads: 150 }, { shows: 5000, leads: 220 }, 2)).toBe(true);
    expect(crossesBoundary({ shows: 5000, leads: 150 }, { shows: 5000, leads: 220 }, 5)).toBe(false);
    expect(crossesBoundary({ shows: 5000, leads: 150 }, { shows: 5000, leads: 160 }, 2)).toBe(false);
  });

  it("the comparison's confidence sequence is wider than a single look's interval", () => {
    const se = 0.05;
    expect(confidenceSequenceHalfWidth(se, 30_000)).toBeGreaterThan(1.96 * se);
    // GrowthBook's eq. 9 by hand at n = N = 5000, α = 0.05.
    const rho2 = (-2 * Math.log(0.05) + Math.log(-2 * Math.log(0.05) + 1)) / 5000;
    const m = 5000 * rho2 + 1;
    expect(confidenceSequenceHalfWidth(se, 5000)).toBeCloseTo(
      se * Math.sqrt(5000) * Math.sqrt((2 * m * Math.log(Math.sqrt(m) / 0.05)) / (5000 * 5000 * rho2)),
      12,
    );
  });
});

describe('cumulativeDays', () => {
  it('carries each variant’s running totals into every day, also a day it had no news', () => {
    const rows = [
      { day: '2026-11-01', variant: 0, shows: 10, leads: 1 },
      { day: '2026-11-01', variant: 1, shows: 12, leads: 2 },
      { day: '2026-11-02', variant: 1, shows: 5, leads: 0 },
      { day: '2026-11-02', variant: 7, shows: 99, leads: 9 },
    ];
    expect(cumulativeDays(rows, 2)).toEqual([
      {
        day: '2026-11-01',
        variants: [
          { shows: 10, leads: 1 },
          { shows: 12, leads: 2 },
        ],
      },
      {
        day: '2026-11-02',
        variants: [
          { shows: 10, leads: 1 },
          { shows: 17, leads: 2 },
        ],
      },
    ]);
    expect(cumulativeDays([], 2)).toEqual([]);
  });
});
