/**
 * A split test in plain words: how many shows each variant still needs, about when the test ends at
 * the traffic so far, and the verdict as one sentence that says what is known and what is not. Pure
 * (no clock, no framework): the console page, the verdict job and its alert all speak through here.
 */
import { pluralRu, type RussianPluralForms } from '@/lib/plural';
import type { RevenueComparison } from './revenue';
import { MIN_LEADS, MIN_SHOWS, type Comparison, type TestReport, type Verdict } from './sequential';
import { variantLetter } from './variants';

const DAY_MS = 86_400_000;
/** An end further away than this is not a date worth naming: «больше года при нынешнем трафике». */
export const LONGEST_NAMED_END_DAYS = 365;

const showForms: RussianPluralForms = { one: 'показ', few: 'показа', many: 'показов' };
const leadForms: RussianPluralForms = { one: 'заявка', few: 'заявки', many: 'заявок' };

/** «1 показ», «3 показа», «14 000 показов» (the number grouped as Russian writes it). */
export function showsText(count: number): string {
  return `${count.toLocaleString('ru-RU')} ${pluralRu(count, showForms)}`;
}

/** «1 заявка», «2 заявки», «25 заявок». */
export function leadsText(count: number): string {
  return `${count.toLocaleString('ru-RU')} ${pluralRu(count, leadForms)}`;
}

/** A count as one says it roughly: two significant digits (2 049 → 2 000, 13 850 → 14 000, 87 → 87). */
export function roughly(count: number): number {
  if (count < 100) return Math.round(count);
  const scale = 10 ** (Math.floor(Math.log10(count)) - 1);
  return Math.round(count / scale) * scale;
}

const dayMonth = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long' });
const yearOf = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', year: 'numeric' });

/** «6 декабря» (Moscow), with the year when it is not `now`'s: «6 января 2027». */
export function dayText(at: number, now: number): string {
  const year = yearOf.format(at);
  return year === yearOf.format(now) ? dayMonth.format(at) : `${dayMonth.format(at)} ${year}`;
}

/**
 * Shows each variant still needs before the verdict is sure to come: up to the plan's shows (where the
 * test ends at the latest), or up to the floor of MIN_SHOWS shows and MIN_LEADS leads when that comes
 * later at the variant's conversion so far.
 */
export function showsStillNeeded(report: Pick<TestReport, 'variants' | 'plannedShowsPerVariant'>): number {
  if (report.variants.length === 0) return report.plannedShowsPerVariant;
  let need = 0;
  for (const variant of report.variants) {
    need = Math.max(need, report.plannedShowsPerVariant - variant.shows, MIN_SHOWS - variant.shows);
    if (variant.leads < MIN_LEADS && variant.shows > 0 && variant.leads > 0)
      need = Math.max(need, ((MIN_LEADS - variant.leads) * variant.shows) / variant.leads);
  }
  return Math.max(0, Math.ceil(need));
}

export type EndEstimate =
  /** Nobody has seen a variant yet: no pace to go by. */
  | { kind: 'no_shows' }
  /** Each variant has what it needs. */
  | { kind: 'reached' }
  | { kind: 'date'; at: number }
  | { kind: 'over_a_year' };

/**
 * About when each variant has `needed` more shows at the test's pace so far (shows a variant, on average,
 * since the start; the first day counts as a whole day, so a test a few hours old is not promised too
 * early an end). Never a date more than a year ahead.
 */
export function estimateEnd(input: { showsPerVariant: number; needed: number; startedAt: number; now: number }): EndEstimate {
  const { showsPerVariant, needed, startedAt, now } = input;
  if (!(showsPerVariant > 0)) return { kind: 'no_shows' };
  if (needed <= 0) return { kind: 'reached' };
  const pace = showsPerVariant / Math.max(1, (now - startedAt) / DAY_MS);
  const days = Math.ceil(needed / pace);
  if (days > LONGEST_NAMED_END_DAYS) return { kind: 'over_a_year' };
  return { kind: 'date', at: now + days * DAY_MS };
}

/** The estimate as the page's line says it: «примерно 6 декабря», «ещё нет показов», «больше года при нынешнем трафике». */
export function endText(estimate: EndEstimate, now: number): string {
  switch (estimate.kind) {
    case 'no_shows':
      return 'ещё нет показов';
    case 'reached':
      return 'показов уже достаточно';
    case 'date':
      return `примерно ${dayText(estimate.at, now)}`;
    case 'over_a_year':
      return 'больше года при нынешнем трафике';
  }
}

/** The test's progress as a running test's page shows it. */
export interface TestProgress {
  needed: number;
  end: EndEstimate;
}

/** How many shows each variant still needs, and about when it has them. */
export function testProgress(report: TestReport, startedAt: number, now: number): TestProgress {
  const needed = showsStillNeeded(report);
  const shows = report.variants.reduce((sum, v) => sum + v.shows, 0) / Math.max(1, report.variants.length);
  return { needed, end: estimateEnd({ showsPerVariant: shows, needed, startedAt, now }) };
}

/**
 * The page's line about the plan: «Для вывода каждому варианту нужно около 14 000 показов; сейчас у A 120,
 * у B 118. Конец теста — примерно 6 декабря, если трафик не изменится.»
 */
export function planText(report: TestReport, progress: TestProgress, now: number, counted: keyof typeof planWords = 'shows'): string {
  const words = planWords[counted];
  const planned = `Для вывода каждому варианту нужно около ${roughly(report.plannedShowsPerVariant).toLocaleString('ru-RU')} ${pluralRu(roughly(report.plannedShowsPerVariant), words.forms)}`;
  const sofar = report.variants.map((v, i) => `у ${variantLetter(i)} ${v.shows.toLocaleString('ru-RU')}`).join(', ');
  const end =
    progress.end.kind === 'no_shows'
      ? words.none
      : progress.end.kind === 'date'
        ? `Конец теста — ${endText(progress.end, now)}, если трафик не изменится.`
        : progress.end.kind === 'over_a_year'
          ? `Конец теста — через ${endText(progress.end, now)}: ${words.advice}.`
          : words.enough;
  return `${planned}${report.variants.some((v) => v.shows > 0) ? `; сейчас ${sofar}` : ''}. ${end}`;
}

/** What a test counts, in the plan's words: a pop-up's shows, a page's visitors, and what to change when the end is over a year away. */
const planWords = {
  shows: {
    forms: showForms,
    none: 'Когда тест закончится, скажем по первым показам: ещё нет показов.',
    enough: 'Показов уже достаточно: вывод будет при следующем пересчёте.',
    advice: 'стоит показывать поп-ап на большем числе страниц или проверить меньше вариантов',
  },
  visitors: {
    forms: { one: 'посетитель', few: 'посетителя', many: 'посетителей' },
    none: 'Когда тест закончится, скажем по первым посетителям: их ещё нет.',
    enough: 'Посетителей уже достаточно: вывод будет при следующем пересчёте.',
    advice: 'стоит привести на страницу больше трафика (реклама, рассылка) или проверить меньше вариантов',
  },
} satisfies Record<string, { forms: RussianPluralForms; none: string; enough: string; advice: string }>;

/** «122 %», «18,5 %»: a relative difference as a share, without its sign. */
function shareText(x: number): string {
  const value = Math.round(Math.abs(x) * 1000) / 10;
  return `${value.toLocaleString('ru-RU', { maximumFractionDigits: value >= 10 ? 0 : 1 })} %`;
}

/** «+5,2», «−35»: a signed percentage without its sign of per cent. */
function signed(x: number): string {
  const value = Math.round(x * 1000) / 10;
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toLocaleString('ru-RU', { maximumFractionDigits: 1 })}`;
}

/**
 * An interval holding both −50 % and +100 % cannot tell halving the leads from doubling them: no decision
 * could use it, and a marketer reads «от −98 до +6 850 %» as a fault. Tables say «пока слишком мало данных».
 */
export function tooWideToRead(low: number, high: number): boolean {
  return low <= -0.5 && high >= 1;
}

/** The difference to A in a table: «+12,3 % (от −5,1 до +33 %)», or «пока слишком мало данных» while its interval is too wide to read. */
export function differenceText(comparison: Pick<Comparison, 'estimate' | 'low' | 'high'>): string {
  if (tooWideToRead(comparison.low, comparison.high)) return 'пока слишком мало данных';
  return `${signed(comparison.estimate)} % (от ${signed(comparison.low)} до ${signed(comparison.high)} %)`;
}

/** «(скорее всего, от +5,2 до +37,4 %)». */
function rangeText(low: number, high: number): string {
  return `(скорее всего, от ${signed(low)} до ${signed(high)} %)`;
}

/** What is known so far of a test without its verdict: who is ahead, and by how much. */
function standing(report: TestReport): { text: string; lead: 'ahead' | 'level' | 'none' } {
  const comparisons = report.comparisons;
  const totalLeads = report.variants.reduce((sum, v) => sum + v.leads, 0);
  if (totalLeads === 0) return { text: 'Заявок пока нет ни у одного варианта', lead: 'none' };
  if (comparisons.some((c) => c === null)) return { text: 'Заявки пока есть не у всех вариантов', lead: 'none' };
  const known = comparisons as Comparison[];
  const best = [...known].sort((a, b) => b.estimate - a.estimate)[0]!;
  const two = known.length === 1;
  if (Math.round(best.estimate * 100) >= 1) {
    return {
      text: two
        ? `${variantLetter(best.variant)} впереди на ${shareText(best.estimate)}`
        : `${variantLetter(best.variant)} впереди A на ${shareText(best.estimate)}`,
      lead: 'ahead',
    };
  }
  if (Math.round(best.estimate * 100) <= -1) {
    return { text: two ? `${variantLetter(best.variant)} отстаёт от A на ${shareText(best.estimate)}` : 'A впереди всех вариантов', lead: 'ahead' };
  }
  return { text: 'Варианты пока идут вровень', lead: 'level' };
}

/** «нужно ещё около 2 000 показов каждого варианта, примерно до 6 декабря». */
function stillNeededText(progress: TestProgress, now: number): string {
  if (progress.needed <= 0) return 'показов уже достаточно, вывод будет при следующем пересчёте';
  const needed = `нужно ещё около ${showsText(roughly(progress.needed))} каждого варианта`;
  switch (progress.end.kind) {
    case 'date':
      return `${needed}, примерно до ${dayText(progress.end.at, now)}`;
    case 'over_a_year':
      return `${needed}, а при нынешнем трафике это больше года`;
    default:
      return needed;
  }
}

/**
 * The verdict as one sentence: what is known, and what is not (and for how long). `progress` is null for
 * a stopped test (no more shows will come).
 */
export function verdictSentence(report: TestReport, progress: TestProgress | null, now: number): string {
  const verdict: Verdict = report.verdict;
  const noShows = report.variants.every((v) => v.shows === 0);
  switch (verdict.kind) {
    case 'srm':
      return 'Вывод скрыт: показы делятся между вариантами неравномерно, хотя должны поровну (так бывает, когда один вариант не показывается), — проверьте поп-ап на сайте.';
    case 'better':
      return `Вариант ${variantLetter(verdict.variant)} приносит на ${shareText(verdict.estimate)} больше заявок, чем A ${rangeText(verdict.low, verdict.high)}: это уже не случайность, его можно оставить.`;
    case 'worse':
      return report.comparisons.length === 1
        ? `Вариант ${variantLetter(verdict.variant)} приносит на ${shareText(verdict.estimate)} меньше заявок, чем A ${rangeText(verdict.low, verdict.high)}: лучше оставить A.`
        : `Все варианты приносят меньше заявок, чем A (${variantLetter(verdict.variant)} — на ${shareText(verdict.estimate)}): лучше оставить A.`;
    case 'no_difference':
      return verdict.reachedHorizon
        ? 'Разницы нет: тест набрал все запланированные показы, а заметной разницы между вариантами не нашлось, — можно оставить A.'
        : 'Разницы нет: варианты приносят заявки почти одинаково (различие точно меньше 10 %), — можно оставить любой, например A.';
    case 'early': {
      if (noShows) {
        return progress
          ? `Вывода пока нет: ещё нет показов, а каждому варианту нужно около ${showsText(roughly(report.plannedShowsPerVariant))}.`
          : 'Вывода нет: тест остановили до первых показов.';
      }
      const known = standing(report);
      const doubt =
        known.lead === 'ahead'
          ? ', но пока это может быть случайностью'
          : known.lead === 'level'
            ? ', но говорить, что разницы нет, пока рано'
            : ', поэтому сравнивать рано';
      if (!progress) return `${known.text}${doubt}: тест остановлен до вывода.`;
      return `${known.text}${doubt}: ${stillNeededText(progress, now)}.`;
    }
  }
}

/**
 * The p-value the verdict rests on, or null when it rests on none (the floor of shows and leads is not
 * reached, or the split is uneven and the verdict hidden). A comparison the verdict does not count as a
 * difference (its interval still holds 0) is never shown below 5 %: `atLeast` then says «≥ 0,05».
 */
export function verdictPValue(report: TestReport, comparison: Comparison | null): { p: number; atLeast: boolean } | null {
  if (!comparison || !report.floorReached || report.verdict.kind === 'srm') return null;
  if (!comparison.significant && comparison.pValue < 0.05) return { p: 0.05, atLeast: true };
  return { p: comparison.pValue, atLeast: false };
}

/**
 * Whether keeping `variant` goes against (or ahead of) what the test says, so the console asks first:
 * everything but the verdict's own choice (the better variant; A when all are worse or none differs).
 */
export function keepNeedsConfirmation(verdict: Verdict, variant: number): boolean {
  if (verdict.kind === 'better') return variant !== verdict.variant;
  if (verdict.kind === 'worse' || verdict.kind === 'no_difference') return variant !== 0;
  return true;
}

/** A decisive verdict: the test has said what it can, and the team hears of it. */
export function isDecisive(verdict: Verdict): verdict is Extract<Verdict, { kind: 'better' | 'worse' | 'no_difference' }> {
  return verdict.kind === 'better' || verdict.kind === 'worse' || verdict.kind === 'no_difference';
}

/** The variant the verdict keeps: the better one, else A (never a losing variant, never one merely level with A). */
export function keptByVerdict(verdict: Extract<Verdict, { kind: 'better' | 'worse' | 'no_difference' }>): number {
  return verdict.kind === 'better' ? verdict.variant : 0;
}

/**
 * The alert of a decided test: «Тест поп-апа «Скидка 5 % — React-разработчик» закончен: вариант B
 * приносит на 18 % больше заявок», and what became of it.
 */
export function verdictNotice(popupName: string, verdict: Extract<Verdict, { kind: 'better' | 'worse' | 'no_difference' }>, kept: boolean): string {
  const head = `Тест поп-апа «${popupName}» закончен`;
  switch (verdict.kind) {
    case 'better':
      return `${head}: вариант ${variantLetter(verdict.variant)} приносит на ${shareText(verdict.estimate)} больше заявок${kept ? ` — он оставлен автоматически` : `. Оставьте его в консоли`}.`;
    case 'worse':
      return `${head}: вариант ${variantLetter(verdict.variant)} приносит на ${shareText(verdict.estimate)} меньше заявок, чем A${kept ? ' — оставлен A' : '. Остановите тест в консоли'}.`;
    case 'no_difference':
      return `${head}: разницы между вариантами нет${kept ? ' — оставлен A' : '. Остановите тест в консоли'}.`;
  }
}

const paymentsWord = (n: number) => `оплат ${n}`;

/**
 * A page test's one sentence of what is known: the verdict on leads, then on money, e.g.
 * «B приносит больше заявок; по выручке пока рано судить: оплат 7».
 */
export function knownSentence(leads: Verdict, revenue: readonly (RevenueComparison | null)[], payments: number): string {
  const onLeads =
    leads.kind === 'better'
      ? `${variantLetter(leads.variant)} приносит больше заявок`
      : leads.kind === 'worse'
        ? `${variantLetter(leads.variant)} приносит меньше заявок, чем A`
        : leads.kind === 'no_difference'
          ? 'По заявкам варианты не различаются'
          : leads.kind === 'srm'
            ? 'Посетители разделились между вариантами неравномерно, вывод по заявкам скрыт'
            : 'По заявкам пока рано судить';
  const better = revenue.findIndex((c) => c?.decided === 'better');
  const worse = revenue.findIndex((c) => c?.decided === 'worse');
  const onMoney =
    better >= 0
      ? `по выручке на посетителя впереди ${variantLetter(better + 1)}: ${paymentsWord(payments)}`
      : worse >= 0 && revenue.every((c) => c?.decided === 'worse')
        ? `по выручке на посетителя A впереди: ${paymentsWord(payments)}`
        : `по выручке пока рано судить: ${paymentsWord(payments)}`;
  return `${onLeads}; ${onMoney}`;
}
