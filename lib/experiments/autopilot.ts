/**
 * The autopilot's decisions, pure: which test to propose next from the school's own figures, which
 * element of the place to change, the variant it drafts from the team's patterns and from what earlier
 * tests taught, and what happens to a running test at a look. The server (server/autopilot/) reads the
 * figures and writes the queue; the bench (year-simulate.ts) runs the same functions over a simulated year.
 */

/** A pop-up (split test) or a course page / landing (page test). */
export type PlaceKind = 'popup' | 'page';

/** What a test may change: a pop-up's «Заголовок», «Текст», «Надпись на кнопке»; a page's «Заголовок», «Подзаголовок», «Надпись на кнопке», «Цена на первом месте». */
export type AutopilotElement = 'headline' | 'subheadline' | 'text' | 'buttonLabel' | 'leadTariff';

/** The elements of a kind of place, the likeliest to move a visitor first. */
export const elementsOf: Record<PlaceKind, readonly AutopilotElement[]> = {
  popup: ['headline', 'buttonLabel', 'text'],
  page: ['headline', 'buttonLabel', 'subheadline', 'leadTariff'],
};

export const isAutopilotElement = (kind: PlaceKind, value: string): value is AutopilotElement => (elementsOf[kind] as readonly string[]).includes(value);

/** A place's figures over the window the server reads (the last four weeks). */
export interface PlaceFigures {
  kind: PlaceKind;
  /** A pop-up's id or a page's path. */
  key: string;
  /** Visitors who met it (a pop-up's shows, a page's visitors). */
  visitors: number;
  leads: number;
  /** Leads that paid (pages; 0 for a pop-up the deals do not tell apart). */
  payments: number;
  /** Days the window spans. */
  days: number;
}

/** A finished test as the autopilot weighs it: the place, the element changed, the text tried and how it ended. */
export interface TestedQuestion {
  kind: PlaceKind;
  key: string;
  element: AutopilotElement;
  /** The text B tried (normalised by `sameText`). */
  text: string;
  /** `better`: B won (kept or not), `worse`, `no_difference` (also a futility stop), `stopped`: ended by hand before a verdict. */
  outcome: 'better' | 'worse' | 'no_difference' | 'stopped';
}

/** A text the team keeps in the console for an element («Шаблоны»). */
export interface Pattern {
  element: AutopilotElement;
  text: string;
}

/** A next test the autopilot may propose: where, what, with which text, why. */
export interface Opportunity {
  kind: PlaceKind;
  key: string;
  element: AutopilotElement;
  text: string;
  /** Where the text came from: a pattern of the team's, or the winner of an earlier test on another place. */
  source: 'pattern' | 'learned';
  /** Visitors in the window who met the place and left no lead: the room the test works on. */
  missed: number;
  /** The place's conversion to leads in the window. */
  rate: number;
  /** Days the test needs at the place's traffic to reach its planned size (80 % power at +20 %). */
  daysNeeded: number;
  score: number;
}

/** A place whose planned test would take longer than this is not proposed: its verdict would come too late to matter. */
export const MAX_DAYS_NEEDED = 90;

/** Texts compare without case and surrounding or repeated spaces. */
export const sameText = (a: string, b: string) => normalised(a) === normalised(b);
const normalised = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru');

/** `kind:key:element:text`, the question a test answers (a retest is asked by this key). */
export const questionKey = (q: { kind: PlaceKind; key: string; element: AutopilotElement; text: string }) =>
  `${q.kind}:${q.key}:${q.element}:${normalised(q.text)}`;

/**
 * The texts a place's element could try next, best first: the winners of earlier tests of the same
 * element on other places (what the school has already learned works), then the team's patterns in
 * their order. A text already tried at this place and element is left out: a learned entry answers it,
 * unless the team asked to test it again (`retest` holds its `questionKey`).
 */
export function candidateTexts(
  place: { kind: PlaceKind; key: string },
  element: AutopilotElement,
  history: readonly TestedQuestion[],
  patterns: readonly Pattern[],
  retest: ReadonlySet<string> = new Set(),
): { text: string; source: 'pattern' | 'learned' }[] {
  const tried = history.filter((q) => q.kind === place.kind && q.key === place.key && q.element === element);
  const answered = (text: string) => tried.some((q) => sameText(q.text, text)) && !retest.has(questionKey({ ...place, element, text }));
  const out: { text: string; source: 'pattern' | 'learned' }[] = [];
  const add = (text: string, source: 'pattern' | 'learned') => {
    if (text.trim() === '' || answered(text) || out.some((c) => sameText(c.text, text))) return;
    out.push({ text: text.trim(), source });
  };
  for (const q of history) if (q.element === element && q.outcome === 'better' && !(q.kind === place.kind && q.key === place.key)) add(q.text, 'learned');
  for (const pattern of patterns) if (pattern.element === element) add(pattern.text, 'pattern');
  return out;
}

/**
 * The next tests to propose, best first, at most one a place: a place busy (a test running, or one
 * proposed or approved in the queue) is skipped. A place ranks by the visitors it loses — those who meet
 * it and leave no lead — weighted by how far its conversion lies below the best of its kind (the room to
 * grow); inside a place, an element never tested there comes first, in `elementsOf`'s order. A place
 * whose test would need more than `MAX_DAYS_NEEDED` days, or with nothing left to try, is not proposed.
 * `plannedPerVariant(rate)` is the plan's size a variant (sequential.ts's `plannedShowsPerVariant`).
 */
export function rankOpportunities(input: {
  places: readonly PlaceFigures[];
  history: readonly TestedQuestion[];
  patterns: readonly Pattern[];
  busy: ReadonlySet<string>;
  retest?: ReadonlySet<string>;
  plannedPerVariant: (rate: number) => number;
}): Opportunity[] {
  const bestRate: Record<PlaceKind, number> = { popup: 0, page: 0 };
  for (const place of input.places) if (place.visitors > 0) bestRate[place.kind] = Math.max(bestRate[place.kind], place.leads / place.visitors);
  const out: Opportunity[] = [];
  for (const place of input.places) {
    if (input.busy.has(placeKey(place)) || place.visitors <= 0 || place.days <= 0) continue;
    const rate = place.leads / place.visitors;
    const perDay = place.visitors / place.days;
    const daysNeeded = Math.ceil((2 * input.plannedPerVariant(rate > 0 ? rate : 0.01)) / perDay);
    if (daysNeeded > MAX_DAYS_NEEDED) continue;
    const testedElements = new Set(input.history.filter((q) => q.kind === place.kind && q.key === place.key).map((q) => q.element));
    const elements = [...elementsOf[place.kind]].sort((a, b) => Number(testedElements.has(a)) - Number(testedElements.has(b)));
    for (const element of elements) {
      const candidate = candidateTexts(place, element, input.history, input.patterns, input.retest)[0];
      if (!candidate) continue;
      const best = bestRate[place.kind];
      const room = best > 0 ? 1 - rate / best : 1;
      const missed = place.visitors - place.leads;
      // An element already tested at the place weighs half: a new question usually teaches more.
      const score = missed * (0.25 + room) * (testedElements.has(element) ? 0.5 : 1);
      out.push({ kind: place.kind, key: place.key, element, text: candidate.text, source: candidate.source, missed, rate, daysNeeded, score });
      break;
    }
  }
  return out.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}

export const placeKey = (place: { kind: PlaceKind; key: string }) => `${place.kind}:${place.key}`;

/** What the autopilot does with a running test at a look. */
export type LookDecision =
  | { action: 'continue' }
  /** A verdict: keep B (`variant`) when the team asked to keep the winner and B won; else end it as it is. */
  | { action: 'end'; reason: 'result'; keep: number | null }
  | { action: 'end'; reason: 'futility' | 'horizon'; keep: null };

/**
 * A running test's fate at a look: a verdict in (a variant better, all worse, no difference) ends it,
 * keeping the better variant when `keepWinner` (never a losing one); a futile test (sequential.ts's
 * `reportIsFutile`) ends without a winner; else it goes on.
 */
export function decideAtLook(input: {
  verdict: { kind: 'early' | 'srm' } | { kind: 'better' | 'worse'; variant: number } | { kind: 'no_difference'; reachedHorizon: boolean };
  futile: boolean;
  keepWinner: boolean;
}): LookDecision {
  const { verdict } = input;
  if (verdict.kind === 'better') return { action: 'end', reason: 'result', keep: input.keepWinner ? verdict.variant : null };
  if (verdict.kind === 'worse') return { action: 'end', reason: 'result', keep: null };
  if (verdict.kind === 'no_difference') return { action: 'end', reason: verdict.reachedHorizon ? 'horizon' : 'result', keep: null };
  if (verdict.kind === 'early' && input.futile) return { action: 'end', reason: 'futility', keep: null };
  return { action: 'continue' };
}

/** A queued proposal as the start of the next one weighs it. */
export interface QueuedProposal {
  id: string;
  kind: PlaceKind;
  key: string;
  status: 'proposed' | 'approved' | 'running' | 'done' | 'dismissed';
  position: number;
}

/**
 * The approved proposals to start now, in the queue's order: one a place, and none on a place where a
 * test runs (`runningPlaces`, by `placeKey`) — it waits for that test to end.
 */
export function proposalsToStart(queue: readonly QueuedProposal[], runningPlaces: ReadonlySet<string>): QueuedProposal[] {
  const taken = new Set(runningPlaces);
  const out: QueuedProposal[] = [];
  for (const proposal of [...queue].filter((p) => p.status === 'approved').sort((a, b) => a.position - b.position)) {
    const place = placeKey(proposal);
    if (taken.has(place)) continue;
    taken.add(place);
    out.push(proposal);
  }
  return out;
}
