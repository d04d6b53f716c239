import { markedPagePath, pageChoices, patternName, popupName } from '@/content/names';
import { site as siteAddress } from '@/content/site';
import { formOf } from '@/lib/popups/edit-check';
import { resolvePopupPrices } from '@/lib/popups/prices';
import { popupPeriod } from '@/server/admin/popup-period';
import { requireOperator } from '@/server/admin/session';
import { popupCheckSite } from '@/server/popups/site';
import { sitePages } from '@/server/site-pages';
import { conversionSeries } from './popup-figures';
import { popupTests } from '@/server/experiments/subjects/popup';

/** «Поп-апы»: every pop-up (and which run a test), their figures per day of the period, what went uncounted. */
export async function loadPopupsPage(params: { from?: string; to?: string }) {
  const { runtime, now } = await requireOperator();
  const period = popupPeriod(params);
  const [rows, traffic, popups, running] = await Promise.all([
    runtime.repos.popupStats.perDay(period.from, period.to),
    runtime.repos.traffic.totals('popup', period.from, period.to),
    runtime.repos.popups.list(),
    popupTests(runtime.repos).running(),
  ]);
  const chart = conversionSeries(rows, period.from, period.to);
  return {
    period,
    rows,
    traffic,
    chart: { ...chart, series: chart.series.map((series) => ({ ...series, key: popupName(series.key) })) },
    popups,
    testing: running.map((test) => test.popupId),
    collectionNames: (await sitePages()).collectionNames,
    now,
  };
}

/**
 * A pop-up's page: the pop-up, its history, the site's pages by name to choose from and the other
 * pop-ups' targeting (for «Будет показываться на N страницах»); undefined when there is none.
 */
export async function loadPopupPage(id: string) {
  const { runtime } = await requireOperator();
  const [popup, history, all] = await Promise.all([runtime.repos.popups.get(id), runtime.repos.popups.history(id), runtime.repos.popups.list()]);
  if (!popup) return undefined;
  const [site, { collectionNames }] = await Promise.all([popupCheckSite(), sitePages()]);
  const shown = resolvePopupPrices(popup.config, site.courses).config;
  const markedPath = popup.config.pageMarker ? markedPagePath(popup.config.pageMarker) : null;
  return {
    popup,
    form: formOf(popup.config),
    /** The gift's prices as visitors see them now (a reference looked up in its course), null when it cannot be. */
    shownPrices: shown?.content.kind === 'gift' ? { price: shown.content.offer.price, oldPrice: shown.content.offer.oldPrice } : null,
    history,
    pageChoices: pageChoices(site.paths, collectionNames),
    patternNames: Object.fromEntries(
      [...popup.config.includePaths, ...popup.config.excludePaths].map((pattern) => [pattern, patternName(pattern, collectionNames)]),
    ),
    others: all.map(({ id: otherId, config }) => ({ id: otherId, name: popupName(otherId), config })),
    /** The full address of the page its marker binds it to (the gift page, secret: shown to operators only), null for none. */
    markedPageUrl: markedPath === null ? null : `${siteAddress.url}${markedPath}`,
  };
}

export type PopupsPageData = Awaited<ReturnType<typeof loadPopupsPage>>;
export type PopupPageData = NonNullable<Awaited<ReturnType<typeof loadPopupPage>>>;
