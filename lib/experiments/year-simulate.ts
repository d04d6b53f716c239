/**
 * A year of the school's traffic under two ways of testing, for `npm run bench:experiments` (pure,
 * seeded): the autopilot (autopilot.ts: one test a place at once, proposed from the figures of the last
 * four weeks every Monday, approved that day, the next approved one started the day a test ends, a test
 * stopped by its verdict or for futility, the winner kept) and one test at a time started by hand (the
 * busiest place first, its elements in order, the next test started at the team's Monday meeting, stopped
 * by its verdict or at its horizon). Both meet the same year: the same places, traffic, weekly and yearly
 * seasonality and the same truth of every text tried; only the visitors' draws differ by the policy.
 *
 * The truth of a text: with `NULL_SHARE` it changes nothing at a place (those tests measure the false
 * positives); else its effect is the text's own across the school plus the place's noise, so a text that
 * won elsewhere is likelier to win again (what «drafts from what the school has learned» relies on).
 * Revenue follows leads (a place's paying share and average price stay), as revenue-simulate.ts assumes.
 * Lift is counted on expected leads (visitors × the rate each saw), so it is the policies' effect, not
 * the draws' noise.
 */
import {
  decideAtLook,
  elementsOf,
  placeKey,
  questionKey,
  rankOpportunities,
  type Pattern,
  type PlaceFigures,
  type PlaceKind,
  type TestedQuestion,
} from './autopilot';
import { correctedZ, crossesBoundary, isFutile, MIN_LEADS, MIN_SHOWS, plannedShowsPerVariant, sequentialBoundaries, type VariantCounts } from './sequential';
import { binomial, seededRandom } from './simulate';

export interface YearPlace {
  kind: PlaceKind;
  key: string;
  /** Visitors on an average day. */
  visitorsPerDay: number;
  /** Leads a visitor at the year's start. */
  rate: number;
  /** Paying leads a lead. */
  paying: number;
  /** Average payment (roubles). */
  price: number;
}

export interface YearScenario {
  places: YearPlace[];
  /** The team's patterns: texts per element. */
  patterns: Pattern[];
  /** Monday first. */
  weekdayFactors: readonly number[];
  /** The yearly swing of traffic (a summer dip of this share at its lowest). */
  summerDip: number;
  days: number;
}

export interface PolicyYear {
  tests: number;
  /** Tests ended by a verdict (better or worse). */
  decided: number;
  stoppedForFutility: number;
  /** Tests whose text changed nothing (truth 0) and those of them that ended on a difference. */
  nullTests: number;
  falsePositives: number;
  /** Tests that kept a text that was truly no better. */
  harmfulKeeps: number;
  leads: number;
  revenue: number;
  /** Place-weeks without a test running on the place (all places together). */
  untestedPlaceWeeks: number;
}

export interface YearComparison {
  years: number;
  places: number;
  /** Leads and revenue of the same years without any test (the base of the lift). */
  baseLeads: number;
  baseRevenue: number;
  autopilot: PolicyYear;
  byHand: PolicyYear;
}

export const NULL_SHARE = 0.45;

/** The school's week: fewer visitors at the weekend. */
export const schoolWeek = [1.1, 1.08, 1.05, 1.0, 0.92, 0.78, 0.9] as const;

/** Traffic factor of a day of the year (day 0 a Monday in January): the week's shape and a summer dip. */
export function seasonality(scenario: Pick<YearScenario, 'weekdayFactors' | 'summerDip'>, day: number): number {
  const yearly = 1 - scenario.summerDip * Math.max(0, Math.sin(((day - 120) / 182) * Math.PI));
  return scenario.weekdayFactors[day % 7]! * yearly;
}

/** A draw of Binomial(n, p): by inversion for small means, by the normal approximation past them. */
function draw(n: number, p: number, random: () => number): number {
  const mean = n * p;
  if (mean < 30) return binomial(n, p, random);
  const gaussian = Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  return Math.max(0, Math.min(n, Math.round(mean + gaussian * Math.sqrt(mean * (1 - p)))));
}

/** The truth of every text at every place, drawn once a year and met by both policies. */
function truths(scenario: YearScenario, random: () => number): Map<string, number> {
  const ofText = new Map<string, number>();
  for (const pattern of scenario.patterns) {
    const u = random();
    // A text's own effect: mostly modest, some strong, some harmful.
    ofText.set(pattern.element + pattern.text, u < 0.25 ? -0.1 - 0.1 * random() : u < 0.8 ? 0.05 + 0.15 * random() : 0.2 + 0.2 * random());
  }
  const out = new Map<string, number>();
  for (const place of scenario.places) {
    for (const pattern of scenario.patterns) {
      if (!elementsOf[place.kind].includes(pattern.element)) continue;
      const key = questionKey({ kind: place.kind, key: place.key, element: pattern.element, text: pattern.text });
      const noise = (random() - 0.5) * 0.1;
      out.set(key, random() < NULL_SHARE ? 0 : (ofText.get(pattern.element + pattern.text) ?? 0) + noise);
    }
  }
  return out;
}

interface RunningTest {
  place: number;
  question: TestedQuestion;
  truth: number;
  a: VariantCounts;
  b: VariantCounts;
  planned: number;
  boundaries: number[];
  day: number;
}

type Policy = 'autopilot' | 'byHand';

/** One policy over one year. `base` receives the no-test leads and revenue of the same traffic. */
/** A policy's year before its first day: nothing tested, nothing counted. */
const emptyYear = (): PolicyYear => ({
  tests: 0,
  decided: 0,
  stoppedForFutility: 0,
  nullTests: 0,
  falsePositives: 0,
  harmfulKeeps: 0,
  leads: 0,
  revenue: 0,
  untestedPlaceWeeks: 0,
});

function runYear(scenario: YearScenario, truth: Map<string, number>, policy: Policy, seed: number): PolicyYear & { baseLeads: number; baseRevenue: number } {
  const random = seededRandom(seed);
  const boundaryCache = new Map<number, number[]>();
  const boundariesFor = (horizon: number) => {
    let cached = boundaryCache.get(horizon);
    if (!cached) {
      cached = sequentialBoundaries(Array.from({ length: horizon }, (_, i) => (i + 1) / horizon));
      boundaryCache.set(horizon, cached);
    }
    return cached;
  };
  const finalBoundary = (horizon: number) => boundariesFor(horizon).at(-1)!;
  const rates = scenario.places.map((p) => p.rate);
  const running = new Map<number, RunningTest>();
  const queue: { place: number; question: TestedQuestion }[] = [];
  const history: TestedQuestion[] = [];
  const daily = scenario.places.map(() => [] as { visitors: number; leads: number }[]);
  const out = { ...emptyYear(), baseLeads: 0, baseRevenue: 0 };
  const testedThisWeek = new Set<number>();

  const start = (place: number, question: TestedQuestion) => {
    const p = scenario.places[place]!;
    const planned = plannedShowsPerVariant(rates[place]!);
    const horizon = Math.max(1, Math.ceil(planned / (p.visitorsPerDay / 2)));
    running.set(place, {
      place,
      question,
      truth: truth.get(questionKey(question)) ?? 0,
      a: { shows: 0, leads: 0 },
      b: { shows: 0, leads: 0 },
      planned,
      boundaries: boundariesFor(horizon),
      day: 0,
    });
    out.tests += 1;
  };

  const end = (test: RunningTest, outcome: TestedQuestion['outcome'], keep: boolean) => {
    running.delete(test.place);
    history.push({ ...test.question, outcome });
    if (test.truth === 0) {
      out.nullTests += 1;
      if (outcome === 'better' || outcome === 'worse') out.falsePositives += 1;
    }
    if (keep) {
      rates[test.place] = rates[test.place]! * (1 + test.truth);
      if (test.truth <= 0) out.harmfulKeeps += 1;
    }
  };

  const figures = (): PlaceFigures[] =>
    scenario.places.map((p, i) => {
      const window = daily[i]!.slice(-28);
      return {
        kind: p.kind,
        key: p.key,
        visitors: window.reduce((s, d) => s + d.visitors, 0),
        leads: window.reduce((s, d) => s + d.leads, 0),
        payments: 0,
        days: window.length,
      };
    });

  const nextByHand = (): { place: number; question: TestedQuestion } | null => {
    // The team starts with its busiest place and works through its elements and the patterns in order.
    const order = scenario.places.map((p, i) => ({ p, i })).sort((x, y) => y.p.visitorsPerDay - x.p.visitorsPerDay);
    for (const { p, i } of order) {
      for (const element of elementsOf[p.kind]) {
        const tried = history.filter((q) => q.kind === p.kind && q.key === p.key && q.element === element).map((q) => q.text);
        const pattern = scenario.patterns.find((x) => x.element === element && !tried.includes(x.text));
        if (pattern) return { place: i, question: { kind: p.kind, key: p.key, element, text: pattern.text, outcome: 'stopped' } };
      }
    }
    return null;
  };

  for (let day = 0; day < scenario.days; day++) {
    const monday = day % 7 === 0;
    if (monday) {
      if (day > 0) out.untestedPlaceWeeks += scenario.places.length - testedThisWeek.size;
      testedThisWeek.clear();
      if (policy === 'autopilot' && day >= 28) {
        // The team looks at the proposals on Monday and approves them; a place with a test running gets its next one queued.
        const queuedOrRunningQuestions = [...running.values()].map((t) => t.question).concat(queue.map((q) => q.question));
        const opportunities = rankOpportunities({
          places: figures(),
          history: [...history, ...queuedOrRunningQuestions],
          patterns: scenario.patterns,
          busy: new Set(queue.map((q) => placeKey(scenario.places[q.place]!))),
          plannedPerVariant: (rate) => plannedShowsPerVariant(rate),
        });
        for (const o of opportunities) {
          const place = scenario.places.findIndex((p) => p.kind === o.kind && p.key === o.key);
          queue.push({ place, question: { kind: o.kind, key: o.key, element: o.element, text: o.text, outcome: 'stopped' } });
        }
      }
      if (policy === 'byHand' && running.size === 0 && day >= 28) {
        const next = nextByHand();
        if (next) start(next.place, next.question);
      }
    }
    if (policy === 'autopilot') {
      for (let i = 0; i < queue.length; i++) {
        const item = queue[i]!;
        if (running.has(item.place)) continue;
        queue.splice(i, 1);
        i -= 1;
        start(item.place, item.question);
      }
    }

    const factor = seasonality(scenario, day);
    scenario.places.forEach((place, index) => {
      const visitors = Math.round(place.visitorsPerDay * factor);
      const test = running.get(index);
      const rate = rates[index]!;
      out.baseLeads += visitors * place.rate;
      out.baseRevenue += visitors * place.rate * place.paying * place.price;
      if (!test) {
        const leads = draw(visitors, rate, random);
        daily[index]!.push({ visitors, leads });
        out.leads += visitors * rate;
        out.revenue += visitors * rate * place.paying * place.price;
        return;
      }
      testedThisWeek.add(index);
      const half = Math.floor(visitors / 2);
      const rateB = Math.min(0.99, rate * (1 + test.truth));
      const leadsA = draw(half, rate, random);
      const leadsB = draw(visitors - half, rateB, random);
      daily[index]!.push({ visitors, leads: leadsA + leadsB });
      out.leads += half * rate + (visitors - half) * rateB;
      out.revenue += (half * rate + (visitors - half) * rateB) * place.paying * place.price;
      test.a.shows += half;
      test.a.leads += leadsA;
      test.b.shows += visitors - half;
      test.b.leads += leadsB;
      // One look a day, on the plan's days: the horizon is its last look (a quieter season reaches it with
      // fewer visitors, at some power; more looks at the last boundary would spend more than the 5 %).
      const look = test.day;
      test.day += 1;
      const t = test.day / test.boundaries.length;
      const floor = test.a.shows >= MIN_SHOWS && test.b.shows >= MIN_SHOWS && test.a.leads >= MIN_LEADS && test.b.leads >= MIN_LEADS;
      const significant = floor && crossesBoundary(test.a, test.b, test.boundaries[look]!);
      const better = test.b.leads / test.b.shows > test.a.leads / test.a.shows;
      const verdict = significant
        ? ({ kind: better ? 'better' : 'worse', variant: 1 } as const)
        : t >= 1
          ? ({ kind: 'no_difference', reachedHorizon: true } as const)
          : ({ kind: 'early' } as const);
      const futile =
        policy === 'autopilot' && floor && verdict.kind === 'early' && isFutile(correctedZ(test.a, test.b), t, finalBoundary(test.boundaries.length));
      const decision = decideAtLook({ verdict, futile, keepWinner: true });
      if (decision.action === 'continue') return;
      if (decision.reason === 'result') out.decided += 1;
      if (decision.reason === 'futility') out.stoppedForFutility += 1;
      end(test, verdict.kind === 'early' ? 'no_difference' : verdict.kind, decision.keep !== null);
    });
  }
  return out;
}

/** `years` seeded years of the scenario under both policies. */
export function simulateYears(scenario: YearScenario, years: number, seed: number): YearComparison {
  const result: YearComparison = { years, places: scenario.places.length, baseLeads: 0, baseRevenue: 0, autopilot: emptyYear(), byHand: emptyYear() };
  for (let year = 0; year < years; year++) {
    const truth = truths(scenario, seededRandom(seed * 1000 + year));
    for (const policy of ['autopilot', 'byHand'] as const) {
      const { baseLeads, baseRevenue, ...figures } = runYear(scenario, truth, policy, seed * 7919 + year);
      if (policy === 'autopilot') {
        result.baseLeads += baseLeads;
        result.baseRevenue += baseRevenue;
      }
      const total = result[policy];
      for (const name of Object.keys(figures) as (keyof PolicyYear)[]) total[name] += figures[name];
    }
  }
  return result;
}

/** The bench's lines: per policy, the lift in leads and revenue, tests, false positives per test, weeks untested. */
export function yearLines(comparison: YearComparison): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const line = (name: string, p: PolicyYear) =>
    `${name}: lift in leads ${pct(p.leads / comparison.baseLeads - 1)}, in revenue ${pct(p.revenue / comparison.baseRevenue - 1)}; ` +
    `${(p.tests / comparison.years).toFixed(1)} tests a year, ${(p.decided / comparison.years).toFixed(1)} decided by a verdict` +
    (p.stoppedForFutility > 0 ? `, ${(p.stoppedForFutility / comparison.years).toFixed(1)} stopped for futility` : '') +
    `; false positives per test ${pct(p.nullTests > 0 ? p.falsePositives / p.nullTests : 0)} (${p.falsePositives} of ${p.nullTests} tests of a text that changed nothing), ` +
    `harmful keeps ${p.harmfulKeeps}; weeks a place spent untested ${(p.untestedPlaceWeeks / comparison.years / comparison.places).toFixed(1)} of 52`;
  return [
    `a year of the school (${comparison.places} pop-ups and pages, weekly and summer seasonality, ${comparison.years} seeded years)`,
    line('autopilot', comparison.autopilot),
    line('one test at a time by hand', comparison.byHand),
  ];
}
