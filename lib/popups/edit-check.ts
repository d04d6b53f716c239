import { maxPopupDelayMs } from './limits';
import { PATH_PATTERN_SHAPE, matchesPattern, normalizePath } from '@/lib/path-patterns';
import { isCalendarDate, isClockTime } from '@/lib/calendar';
import { isPriceReference, type PricedCourse, type PriceReferenceProblem, referenceForAmount, resolvePriceValue, roublesIn } from '@/lib/price-references';
import type { ManagedPopupConfig } from './managed';
import { type PriceProblem, resolvePopupPrices } from './prices';
import { selectPopup } from './targeting';

/**
 * The console's checks of a pop-up before it goes live, pure: the form's text in, a config or
 * problems out. Problems are codes with data; the console renders them in Russian beside their field
 * (features/console-popups/popup-labels.ts). The rules are the build's (content/validation/popups.ts): delay 0 to
 * 600 s, paths from the root with a `*` only at the end and reaching a page of the site, non-empty texts,
 * a gift below its struck-out price. A price that repeats a course's tariff is a reference to it
 * (`{цена advanced-js}`, lib/price-references.ts): typed so in a price field or a text, it is stored as
 * typed and looked up whenever the pop-up is shown; a figure typed that equals exactly one tariff is
 * refused with the reference to write instead.
 */

/** The form's fields, as typed. */
export interface PopupForm {
  enabled: boolean;
  headline: string;
  text: string;
  buttonLabel: string;
  delaySeconds: string;
  includePaths: string;
  excludePaths: string;
  /** `YYYY-MM-DDTHH:mm` (datetime-local), Moscow time; empty: no bound. */
  startsAt: string;
  endsAt: string;
  /** Gift pop-up only. */
  price?: string;
  oldPrice?: string;
}

export type PopupField = keyof PopupForm;

export type PopupProblem =
  | { field: 'headline' | 'text' | 'buttonLabel'; code: 'empty' }
  | { field: 'delaySeconds'; code: 'not_whole' | 'negative' }
  | { field: 'delaySeconds'; code: 'too_long'; max: number }
  | { field: 'includePaths' | 'excludePaths'; code: 'path_invalid'; path: string }
  | { field: 'includePaths' | 'excludePaths'; code: 'path_unknown'; path: string; suggestion?: string }
  | { field: 'includePaths'; code: 'no_pages' }
  | { field: 'startsAt' | 'endsAt'; code: 'date_invalid' }
  | { field: 'endsAt'; code: 'end_before_start' }
  | { field: 'price' | 'oldPrice'; code: 'price_invalid' }
  | { field: 'price'; code: 'gift_not_cheaper'; price: number; oldPrice: number }
  | { field: 'price' | 'oldPrice'; code: 'monthly_tariff' }
  /** A reference that cannot be looked up: lib/price-references.ts's code and data, which the console words. */
  | { field: 'headline' | 'text' | 'buttonLabel' | 'price' | 'oldPrice'; code: 'price_reference'; problem: PriceReferenceProblem }
  /** A figure typed that is exactly one course tariff's price: `reference` is what to write instead. */
  | { field: 'headline' | 'text' | 'buttonLabel' | 'price' | 'oldPrice'; code: 'repeats_course_price'; sum: string; reference: string };

/** What the checks need to know about the site. */
export interface PopupCheckSite {
  /** Every page of the site (content/site-paths.ts `allPagePaths`). */
  paths: readonly string[];
  /** The courses and their tariffs, which price references (`{цена advanced-js}`) name. */
  courses: readonly PricedCourse[];
}

/** Lines of a textarea, trimmed, blanks left out. */
export function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** `2026-12-20T10:00` in Moscow (UTC+3 all year since 2014) as epoch ms; null when it is no real time. */
export function parseMoscowDateTime(text: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/.exec(text.trim());
  if (!match || !isCalendarDate(match[1]!) || !isClockTime(match[2]!)) return null;
  const [year, month, day] = match[1]!.split('-').map(Number) as [number, number, number];
  const [hour, minute] = match[2]!.split(':').map(Number) as [number, number];
  return Date.UTC(year, month - 1, day, hour - 3, minute);
}

/** Epoch ms as the form's `YYYY-MM-DDTHH:mm`, Moscow time. */
export function formatMoscowDateTime(at: number): string {
  return new Date(at + 3 * 3600_000).toISOString().slice(0, 16);
}

/** The form as a pop-up shows it now. */
export function formOf(config: ManagedPopupConfig): PopupForm {
  const content = config.content;
  const form: PopupForm = {
    enabled: config.enabled,
    headline: content.kind === 'promo' ? content.heading : content.title,
    text: content.kind === 'gift' ? content.offer.condition : content.text,
    buttonLabel: content.kind === 'promo' ? content.actionLabel : content.submitLabel,
    delaySeconds: String(config.showDelayMs / 1000),
    includePaths: config.includePaths.join('\n'),
    excludePaths: config.excludePaths.join('\n'),
    startsAt: config.startsAt === null ? '' : formatMoscowDateTime(config.startsAt),
    endsAt: config.endsAt === null ? '' : formatMoscowDateTime(config.endsAt),
  };
  if (content.kind === 'gift') {
    form.price = String(content.offer.price);
    form.oldPrice = String(content.offer.oldPrice);
  }
  return form;
}

const wholeNumber = /^-?\d+$/;

/**
 * The pop-up `form` describes (on top of `base`, the current version: image, link, form id stay), or
 * every problem found. Nothing is half-applied: with a problem there is no config.
 */
export function applyPopupForm(
  base: ManagedPopupConfig,
  form: PopupForm,
  site: PopupCheckSite,
): { config: ManagedPopupConfig; problems: [] } | { config: null; problems: PopupProblem[] } {
  const problems: PopupProblem[] = [];
  const headline = form.headline.trim();
  const text = form.text.trim();
  const buttonLabel = form.buttonLabel.trim();
  if (headline === '') problems.push({ field: 'headline', code: 'empty' });
  if (text === '') problems.push({ field: 'text', code: 'empty' });
  if (buttonLabel === '') problems.push({ field: 'buttonLabel', code: 'empty' });

  const delayText = form.delaySeconds.trim();
  let delaySeconds = 0;
  if (!wholeNumber.test(delayText)) problems.push({ field: 'delaySeconds', code: 'not_whole' });
  else {
    delaySeconds = Number(delayText);
    if (delaySeconds < 0) problems.push({ field: 'delaySeconds', code: 'negative' });
    else if (delaySeconds * 1000 > maxPopupDelayMs) problems.push({ field: 'delaySeconds', code: 'too_long', max: maxPopupDelayMs / 1000 });
  }

  const includePaths = lines(form.includePaths);
  const excludePaths = lines(form.excludePaths);
  for (const field of ['includePaths', 'excludePaths'] as const) {
    for (const path of field === 'includePaths' ? includePaths : excludePaths) {
      if (!PATH_PATTERN_SHAPE.test(path)) problems.push({ field, code: 'path_invalid', path });
      else if (!site.paths.some((page) => matchesPattern(page, path))) {
        const suggestion = closestPath(normalizePath(path.replace(/\*$/, '')), site.paths);
        problems.push(suggestion ? { field, code: 'path_unknown', path, suggestion } : { field, code: 'path_unknown', path });
      }
    }
  }
  if (includePaths.length === 0 && base.pageMarker === undefined) problems.push({ field: 'includePaths', code: 'no_pages' });

  const startsAt = form.startsAt.trim() === '' ? null : parseMoscowDateTime(form.startsAt);
  const endsAt = form.endsAt.trim() === '' ? null : parseMoscowDateTime(form.endsAt);
  if (form.startsAt.trim() !== '' && startsAt === null) problems.push({ field: 'startsAt', code: 'date_invalid' });
  if (form.endsAt.trim() !== '' && endsAt === null) problems.push({ field: 'endsAt', code: 'date_invalid' });
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) problems.push({ field: 'endsAt', code: 'end_before_start' });

  for (const [field, value] of [
    ['headline', headline],
    ['text', text],
    ['buttonLabel', buttonLabel],
  ] as const) {
    for (const sum of roublesIn(value)) {
      const reference = referenceForAmount(sum.amount, site.courses, { monthly: sum.monthly });
      if (reference) problems.push({ field, code: 'repeats_course_price', sum: sum.text, reference });
    }
  }

  let content = base.content;
  if (content.kind === 'promo') content = { ...content, heading: headline, text, actionLabel: buttonLabel };
  else if (content.kind === 'discount') content = { ...content, title: headline, text, submitLabel: buttonLabel };
  else {
    const read = (field: 'price' | 'oldPrice') => {
      const typed = (form[field] ?? '').trim();
      if (isPriceReference(typed)) return typed;
      if (!/^\d+$/.test(typed)) return void problems.push({ field, code: 'price_invalid' });
      const reference = referenceForAmount(Number(typed), site.courses);
      if (reference) return void problems.push({ field, code: 'repeats_course_price', sum: typed, reference });
      return Number(typed);
    };
    const price = read('price');
    const oldPrice = read('oldPrice');
    if (oldPrice === 0) problems.push({ field: 'oldPrice', code: 'price_invalid' });
    content = { ...content, title: headline, submitLabel: buttonLabel, offer: { ...content.offer, condition: text } };
    if (price !== undefined && oldPrice !== undefined) content.offer = { ...content.offer, price, oldPrice };
  }

  const config = {
    ...base,
    enabled: form.enabled,
    content,
    showDelayMs: delaySeconds * 1000,
    includePaths,
    excludePaths,
    startsAt,
    endsAt,
  } as ManagedPopupConfig;
  if (problems.length === 0) problems.push(...pricesProblems(config, site.courses));
  return problems.length === 0 ? { config, problems: [] } : { config: null, problems };
}

/** What the pop-up's prices and references come to now: a reference that names no tariff, a monthly tariff for a gift paid at once, a gift not cheaper. */
function pricesProblems(config: ManagedPopupConfig, courses: readonly PricedCourse[]): PopupProblem[] {
  if (config.content.kind === 'gift') {
    const prices = { price: resolvePriceValue(config.content.offer.price, courses), oldPrice: resolvePriceValue(config.content.offer.oldPrice, courses) };
    const problems: PopupProblem[] = [];
    for (const field of ['price', 'oldPrice'] as const) {
      const resolved = prices[field];
      if ('problem' in resolved) problems.push({ field, code: 'price_reference', problem: resolved.problem });
      else if (resolved.monthly) problems.push({ field, code: 'monthly_tariff' });
    }
    if (problems.length > 0) return problems;
    const [price, oldPrice] = [prices.price, prices.oldPrice] as { amount: number }[];
    if (price!.amount >= oldPrice!.amount) return [{ field: 'price', code: 'gift_not_cheaper', price: price!.amount, oldPrice: oldPrice!.amount }];
  }
  const resolved = resolvePopupPrices({ ...config, variants: [] }, courses);
  return resolved.problems.map(popupProblemOfPrice);
}

/** A price problem of lib/popups/prices.ts as the form's problem of its field. */
export function popupProblemOfPrice({ field, problem }: PriceProblem): PopupProblem {
  if (problem.code === 'monthly_tariff') return { field: field === 'oldPrice' ? 'oldPrice' : 'price', code: 'monthly_tariff' };
  if (problem.code === 'gift_not_cheaper') return { field: 'price', code: 'gift_not_cheaper', price: problem.price, oldPrice: problem.oldPrice };
  return { field, code: 'price_reference', problem };
}

/** Where a pop-up shows: the site's pages it wins, and those it matches where another pop-up wins. */
export interface PopupCoverage {
  pages: string[];
  lostTo: { path: string; winner: string }[];
}

/**
 * Coverage of the pop-up `id` with `config`, among `all` (the others as they are now, in the file's order),
 * over the site's pages by path (a page marker's pages are the page's own business and not counted).
 */
export function popupCoverage(
  id: string,
  config: Pick<ManagedPopupConfig, 'includePaths' | 'excludePaths'>,
  all: readonly { id: string; config: ManagedPopupConfig }[],
  paths: readonly string[],
): PopupCoverage {
  const candidates = all.map((popup) =>
    popup.id === id
      ? { id, includePaths: config.includePaths, excludePaths: config.excludePaths }
      : { id: popup.id, includePaths: popup.config.enabled ? popup.config.includePaths : [], excludePaths: popup.config.excludePaths },
  );
  const self = candidates.find((candidate) => candidate.id === id) ?? { id, ...config };
  const pages: string[] = [];
  const lostTo: { path: string; winner: string }[] = [];
  for (const path of [...new Set(paths)].sort()) {
    if (!selectPopup({ path, markers: [] }, [self])) continue;
    const winner = selectPopup({ path, markers: [] }, candidates);
    if (!winner || winner.id === id) pages.push(path);
    else lostTo.push({ path, winner: winner.id });
  }
  return { pages, lostTo };
}

/** The site's path nearest to a mistyped one (edit distance), when it is close enough to be a typo. */
export function closestPath(target: string, paths: readonly string[]): string | undefined {
  let best: { path: string; distance: number } | undefined;
  for (const path of paths) {
    const distance = editDistance(target, path);
    if (!best || distance < best.distance) best = { path, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(target.length / 5)) ? best.path : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
