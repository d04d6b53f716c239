import { describe, expect, it } from 'vitest';
import { MIN_NETWORKS, networksNeeded, problemsWorthSaying, trustProblems } from './trust';

describe('whether a test may decide by itself', () => {
  const variants = [
    { shows: 600, leads: 30 },
    { shows: 600, leads: 230 },
  ];
  const spread = [
    { variant: 0, shows: 580, leads: 30 },
    { variant: 1, shows: 570, leads: 220 },
  ];
  const clean = { counted: 1460, uncounted: 20 };

  it('needs events from at least MIN_NETWORKS networks and half as many networks as events, or all of them when fewer', () => {
    expect(networksNeeded(0)).toBe(0);
    expect(networksNeeded(12)).toBe(12);
    expect(networksNeeded(MIN_NETWORKS)).toBe(MIN_NETWORKS);
    expect(networksNeeded(30)).toBe(MIN_NETWORKS);
    expect(networksNeeded(230)).toBe(115);
  });

  it('trusts figures from many networks with little uncounted', () => {
    expect(trustProblems({ variants, networks: spread, traffic: clean })).toEqual([]);
  });

  it('does not trust a variant whose shows or leads come from few networks, nor one with no networks known', () => {
    const packed = [spread[0]!, { variant: 1, shows: 570, leads: 50 }];
    expect(trustProblems({ variants, networks: packed, traffic: clean })).toEqual([
      { kind: 'few_networks', variant: 1, what: 'leads', networks: 50, needed: 115 },
    ]);
    expect(trustProblems({ variants, networks: [spread[1]!], traffic: clean })).toEqual([
      { kind: 'few_networks', variant: 0, what: 'shows', networks: 0, needed: 300 },
      { kind: 'few_networks', variant: 0, what: 'leads', networks: 0, needed: 20 },
    ]);
  });

  it('does not trust a test a tenth or more of whose events went uncounted', () => {
    expect(trustProblems({ variants, networks: spread, traffic: { counted: 900, uncounted: 100 } })).toEqual([{ kind: 'suspicious', share: 0.1 }]);
    expect(trustProblems({ variants, networks: spread, traffic: { counted: 901, uncounted: 99 } })).toEqual([]);
  });

  it('says the uncounted share at any time, the networks only once the verdict is in (a young test always has few)', () => {
    const problems = trustProblems({ variants, networks: [], traffic: { counted: 10, uncounted: 10 } });
    expect(problemsWorthSaying(problems, true)).toEqual(problems);
    expect(problemsWorthSaying(problems, false)).toEqual([{ kind: 'suspicious', share: 0.5 }]);
  });
});
