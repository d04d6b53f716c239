/**
 * The autopilot's one door to the tests: start a pop-up's or a page's test, read the places' figures and
 * the finished tests, look at a running test, end it (keeping a variant or not). Everything else in
 * server/autopilot/ talks to the tests only through `ExperimentsPort`, so the merged test engine
 * replaces this file alone.
 */
import { moscowMidnight, moscowToday } from '@/lib/calendar';
import { isAutopilotElement, placeKey, type AutopilotElement, type PlaceFigures, type PlaceKind, type TestedQuestion } from '@/lib/experiments/autopilot';
import { reportIsFutile, type Verdict } from '@/lib/experiments/sequential';
import { textsOf, withTexts, type VariantTexts } from '@/lib/experiments/variants';
import { noChanges, pageVariantFields, type PageVariantChanges } from '@/lib/page-tests/variants';
import type { ManagedPopupConfig } from '@/lib/popups/managed';
import { coursePageAt } from '@/content/courses';
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';
import { pageTestResults, splitTestView } from '../experiments/report';
import { startExperiment } from '../experiments/start';
import { pageTests } from '../experiments/subjects/page';
import { popupTests } from '../experiments/subjects/popup';
import type { Repositories } from '../repositories';

const DAY_MS = 86_400_000;
/** The window a place's figures are read over. */
export const FIGURES_DAYS = 28;

export interface RunningExperiment {
  kind: PlaceKind;
  place: string;
  testId: string;
}

/** A running test at a look: its verdict, whether it is futile, and whether its figures may decide by themselves. */
export interface ExperimentLook {
  verdict: Verdict;
  futile: boolean;
}

export type StartOutcome = { started: true; testId: string } | { started: false; reason: 'running' | 'unknown_place' | 'wrong_element' };

export interface ExperimentsPort {
  /** Each pop-up's shows and finishes, each course page's views and leads, over the last `FIGURES_DAYS` days. */
  figures(now: number): Promise<PlaceFigures[]>;
  /** Every finished test as the questions it answered (one a changed element of a variant). */
  history(): Promise<TestedQuestion[]>;
  running(): Promise<RunningExperiment[]>;
  /** Starts a two-variant test: A the place's own, B with `element` changed to `text`. */
  start(input: { kind: PlaceKind; place: string; element: AutopilotElement; text: string; actor: string; now: number }): Promise<StartOutcome>;
  /** The test's look now; null when it no longer runs (ended by hand). */
  look(kind: PlaceKind, testId: string, now: number): Promise<ExperimentLook | null>;
  /** Ends a running test, `winner` kept (a pop-up's texts become the variant's; a page serves it). False when it was not running. */
  end(kind: PlaceKind, testId: string, input: { winner: number | null; actor: string; now: number }): Promise<boolean>;
}

export function createExperimentsPort({ repos, database }: { repos: Repositories; database: DatabaseHandle }): ExperimentsPort {
  const popupTestsOf = popupTests(repos);
  const pageTestsOf = pageTests(repos);
  return {
    async figures(now) {
      const to = moscowToday(new Date(now));
      const from = moscowToday(new Date(now - (FIGURES_DAYS - 1) * DAY_MS));
      const places = new Map<string, PlaceFigures>();
      const add = (kind: PlaceKind, key: string, visitors: number, leads: number) => {
        const id = placeKey({ kind, key });
        const place = places.get(id) ?? { kind, key, visitors: 0, leads: 0, payments: 0, days: FIGURES_DAYS };
        place.visitors += visitors;
        place.leads += leads;
        places.set(id, place);
      };
      for (const row of await repos.popupStats.perDay(from, to)) add('popup', row.popup, row.shown, row.finished);
      // A course page's views (server/http/page-views.ts: tested or not) and the leads sent from it; never
      // more leads than views (a lead from a view past the caps, or before views were counted).
      const viewsOf = new Map<string, number>();
      for (const row of await repos.traffic.totals('page', from, to)) {
        if (coursePageAt(row.subject)) viewsOf.set(row.subject, (viewsOf.get(row.subject) ?? 0) + row.counted);
      }
      const leadsOf = new Map((await repos.leadQueries.perPage(moscowMidnight(now - (FIGURES_DAYS - 1) * DAY_MS))).map((row) => [row.page, row.leads]));
      for (const [page, views] of viewsOf) add('page', page, views, Math.min(views, leadsOf.get(page) ?? 0));
      return [...places.values()];
    },

    async history() {
      const out: TestedQuestion[] = [];
      for (const test of await popupTestsOf.finished()) {
        const [a, ...others] = test.variants;
        if (!a) continue;
        others.forEach((variant, index) => {
          for (const field of ['headline', 'text', 'buttonLabel'] as const) {
            if (variant[field] === a[field]) continue;
            out.push({
              kind: 'popup',
              key: test.popupId,
              element: field,
              text: variant[field],
              outcome: test.winner === index + 1 ? 'better' : 'no_difference',
            });
          }
        });
      }
      for (const test of await pageTestsOf.finished()) {
        test.variants.slice(1).forEach((variant, index) => {
          for (const field of pageVariantFields) {
            const text = variant[field];
            if (text === null) continue;
            out.push({ kind: 'page', key: test.pagePath, element: field, text, outcome: test.winner === index + 1 ? 'better' : 'no_difference' });
          }
        });
      }
      return out;
    },

    async running() {
      const [popups, pages] = await Promise.all([popupTestsOf.running(), pageTestsOf.running()]);
      return [
        ...popups.map((test) => ({ kind: 'popup' as const, place: test.popupId, testId: test.id })),
        ...pages.map((test) => ({ kind: 'page' as const, place: test.pagePath, testId: test.id })),
      ];
    },

    async start({ kind, place, element, text, actor, now }) {
      if (!isAutopilotElement(kind, element)) return { started: false, reason: 'wrong_element' };
      if (kind === 'popup') {
        const popup = await repos.popups.get(place);
        if (!popup) return { started: false, reason: 'unknown_place' };
        const a = textsOf(popup.config.content);
        const b: VariantTexts = { ...a, [element as keyof VariantTexts]: text };
        return startExperiment(repos, { kind: 'popup', popupId: place, variants: [a, b] }, { actor, now });
      }
      if (!coursePageAt(place)) return { started: false, reason: 'unknown_place' };
      const b: PageVariantChanges = { ...noChanges, [element as keyof PageVariantChanges]: text };
      return startExperiment(repos, { kind: 'page', pagePath: place, variants: [b] }, { actor, now });
    },

    async look(kind, testId, now) {
      if (kind === 'popup') {
        const test = await popupTestsOf.get(testId);
        if (!test || test.status !== 'running') return null;
        const view = await splitTestView(repos, test, now);
        // Figures that may not decide by themselves (lib/experiments/trust.ts) decide nothing: looked at again later.
        if (view.trust.length > 0) return { verdict: { kind: 'early', daysToFloor: null }, futile: false };
        return { verdict: view.report.verdict, futile: reportIsFutile(view.days, view.report) };
      }
      const test = await pageTestsOf.get(testId);
      if (!test || test.status !== 'running') return null;
      const results = await pageTestResults(repos, test, now);
      return { verdict: results.leads.verdict, futile: reportIsFutile(results.days, results.leads) };
    },

    async end(kind, testId, { winner, actor, now }) {
      if (kind === 'page') return pageTestsOf.stop(testId, winner === null ? { actor, now } : { actor, now, winner });
      const test = await popupTestsOf.get(testId);
      if (!test || test.status !== 'running') return false;
      const texts = winner === null ? undefined : test.variants[winner];
      if (winner === null || texts === undefined) return popupTestsOf.stop(testId, { actor, now });
      const popup = await repos.popups.get(test.popupId);
      if (!popup) return popupTestsOf.stop(testId, { actor, now });
      const config = { ...popup.config, content: withTexts(popup.config.content, texts), variants: [] } as ManagedPopupConfig;
      return inWriteTransaction(database, async (trx) => {
        if (!(await popupTestsOf.stop(testId, { actor, now, winner }, trx))) return false;
        await repos.popups.save(popup.id, config, { expectedVersion: popup.version, actor, now }, trx);
        return true;
      });
    },
  };
}
