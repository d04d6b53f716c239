/**
 * «Что мы узнали»: every finished test, of a pop-up or of a page, as one entry — what was compared, the
 * verdict's sentence, the figures with their intervals, when and by whom it started and ended, which
 * variant was kept — and the search over them by page (or pop-up) and by the element changed. Pure: the
 * loader reads the tests and their figures, the page renders the entries.
 */
import { elementLabels } from '@/lib/experiments/autopilot-words';
import { differenceText, knownSentence, verdictSentence } from '@/lib/experiments/plain-words';
import type { TestReport } from '@/lib/experiments/sequential';
import { variantLetter, type VariantTexts } from '@/lib/experiments/variants';
import type { RevenueComparison } from '@/lib/experiments/revenue';
import type { PageVariantChanges } from '@/lib/page-tests/variants';
import type { PageTest } from '@/server/experiments/subjects/page';
import type { SplitTest } from '@/server/experiments/subjects/popup';

/** The elements a test may change, in the console's words (a pop-up's «Текст», a page's «Подзаголовок» and «Цена на первом месте»). */
export const learnedElements = elementLabels;
export type LearnedElement = keyof typeof learnedElements;

export const isLearnedElement = (value: string): value is LearnedElement => Object.hasOwn(learnedElements, value);

/** A finished pop-up test with its name (content/names.ts) and its figures analysed. */
export interface FinishedPopupTest {
  kind: 'popup';
  test: SplitTest;
  name: string;
  report: TestReport;
}

/** A finished page test with its page's name, the page's own texts (variant A) and its figures analysed. */
export interface FinishedPageTest {
  kind: 'page';
  test: PageTest;
  name: string;
  original: PageVariantChanges;
  leads: TestReport;
  /** Per variant B, C, D: revenue per visitor against A. */
  revenue: readonly (RevenueComparison | null)[];
  payments: number;
}

export interface LearnedChange {
  element: LearnedElement;
  label: string;
  /** What A shows; null when the page's own text is unknown. */
  before: string | null;
  after: string;
}

export interface LearnedVariant {
  letter: string;
  /** What the variant changed beside A (none for A). */
  changes: LearnedChange[];
  counted: number;
  leads: number;
  /** «3,2 % (2,1–4,6 %)», or «—» before anyone was counted. */
  conversion: string;
  /** «основа» for A; else the difference to A with its interval, or «пока слишком мало данных». */
  difference: string;
  kept: boolean;
}

export interface LearnedEntry {
  id: string;
  /** `popup:<id>` or `page:<path>`: what the search by page or pop-up matches. */
  subjectKey: string;
  /** «Поп-ап «…»»; a page's name says what it is already («Страница курса «…»», «Лендинг «…» курса «…»»). */
  title: string;
  href: string;
  /** «Показы» for a pop-up, «Посетители» for a page. */
  countedLabel: string;
  verdict: string;
  variants: LearnedVariant[];
  /** «Оставлен вариант B», or that none was kept. */
  outcome: string;
  startedAt: number;
  startedBy: string;
  endedAt: number;
  endedBy: string;
}

/** «3,2 %». */
const percent = (x: number) => `${(Math.round(x * 1000) / 10).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;

function figuresOf(report: TestReport, index: number, winner: number | null): Omit<LearnedVariant, 'letter' | 'changes'> {
  const figures = report.variants[index] ?? { shows: 0, leads: 0, rate: 0, low: 0, high: 1 };
  const comparison = index > 0 ? (report.comparisons[index - 1] ?? null) : null;
  return {
    counted: figures.shows,
    leads: figures.leads,
    conversion: figures.shows > 0 ? `${percent(figures.rate)} (${percent(figures.low)}–${percent(figures.high)})` : '—',
    difference: index === 0 ? 'основа' : comparison ? differenceText(comparison) : '—',
    kept: winner === index,
  };
}

const outcomeText = (winner: number | null) =>
  winner === null ? 'Тест остановлен без выбора: остался вариант A, как было' : `Оставлен вариант ${variantLetter(winner)}`;

function popupEntry({ test, name, report }: FinishedPopupTest): LearnedEntry {
  const original = test.variants[0];
  const fields = ['headline', 'text', 'buttonLabel'] as const satisfies readonly (keyof VariantTexts & LearnedElement)[];
  return {
    id: test.id,
    subjectKey: `popup:${test.popupId}`,
    title: `Поп-ап «${name}»`,
    href: `/admin/popups/${encodeURIComponent(test.popupId)}`,
    countedLabel: 'Показы',
    // A stopped test gets no more shows: the sentence without the plan's remainder.
    verdict: verdictSentence(report, null, test.stoppedAt ?? test.startedAt),
    variants: test.variants.map((texts, index) => ({
      letter: variantLetter(index),
      changes:
        index === 0 || !original
          ? []
          : fields
              .filter((field) => texts[field] !== original[field])
              .map((field) => ({ element: field, label: learnedElements[field], before: original[field], after: texts[field] })),
      ...figuresOf(report, index, test.winner),
    })),
    outcome: outcomeText(test.winner),
    startedAt: test.startedAt,
    startedBy: test.startedBy,
    endedAt: test.stoppedAt ?? test.startedAt,
    endedBy: test.stoppedBy ?? test.startedBy,
  };
}

function pageEntry({ test, name, original, leads, revenue, payments }: FinishedPageTest): LearnedEntry {
  const fields = ['headline', 'subheadline', 'buttonLabel', 'leadTariff'] as const;
  return {
    id: test.id,
    subjectKey: `page:${test.pagePath}`,
    title: name,
    href: `/admin/page-tests/${encodeURIComponent(test.id)}`,
    countedLabel: 'Посетители',
    verdict: knownSentence(leads.verdict, revenue, payments),
    variants: test.variants.map((changes, index) => ({
      letter: variantLetter(index),
      changes:
        index === 0
          ? []
          : fields.flatMap((field) => {
              const after = changes[field];
              return after === null ? [] : [{ element: field, label: learnedElements[field], before: original[field], after }];
            }),
      ...figuresOf(leads, index, test.winner),
    })),
    outcome: outcomeText(test.winner),
    startedAt: test.startedAt ?? test.createdAt,
    startedBy: test.startedBy ?? test.createdBy,
    endedAt: test.stoppedAt ?? test.updatedAt,
    endedBy: test.stoppedBy ?? test.createdBy,
  };
}

/** One entry a finished test, the last ended first. */
export function learnedEntries(tests: readonly (FinishedPopupTest | FinishedPageTest)[]): LearnedEntry[] {
  return tests.map((test) => (test.kind === 'popup' ? popupEntry(test) : pageEntry(test))).sort((a, b) => b.endedAt - a.endedAt);
}

export interface LearnedSearch {
  /** A `subjectKey`; empty: every page and pop-up. */
  subject: string;
  /** Empty: any element. */
  element: LearnedElement | '';
}

/** The entries of the page or pop-up searched for, in which some variant changed the element searched for. */
export function searchLearned(entries: readonly LearnedEntry[], { subject, element }: LearnedSearch): LearnedEntry[] {
  return entries.filter(
    (entry) =>
      (subject === '' || entry.subjectKey === subject) &&
      (element === '' || entry.variants.some((variant) => variant.changes.some((change) => change.element === element))),
  );
}

/** The pages and pop-ups that have finished tests, for the search's choice: each once, by name. */
export function learnedSubjects(entries: readonly LearnedEntry[]): { key: string; title: string }[] {
  const subjects = new Map<string, string>();
  for (const entry of entries) subjects.set(entry.subjectKey, entry.title);
  return [...subjects].map(([key, title]) => ({ key, title })).sort((a, b) => a.title.localeCompare(b.title, 'ru'));
}
