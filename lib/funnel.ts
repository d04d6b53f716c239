/**
 * The console's funnel «Кампании»: which period and grouping the page and its CSV show, and
 * the figures as a marketer reads them. Pure; the sums come from repos.deals.funnel (server/repositories/deals.ts).
 */
import { isCalendarDate, moscowMidnight, moscowToday } from './calendar';
import { formatRub } from './money';

export const funnelGroupings = ['campaign', 'source', 'landing', 'popup', 'form'] as const;
export type FunnelGrouping = (typeof funnelGroupings)[number];

export const funnelGroupingLabels: Record<FunnelGrouping, string> = {
  campaign: 'Кампания (utm_campaign)',
  source: 'Источник (utm_source)',
  landing: 'Лендинг (страница)',
  popup: 'Поп-ап',
  form: 'Форма',
};

export const funnelPeriods = ['today', 'yesterday', '7d', '30d', 'custom'] as const;
export type FunnelPeriodName = (typeof funnelPeriods)[number];
export const funnelPeriodLabels: Record<FunnelPeriodName, string> = {
  today: 'Сегодня',
  yesterday: 'Вчера',
  '7d': '7 дней',
  '30d': '30 дней',
  custom: 'Свои даты',
};

export interface FunnelQuery {
  period: FunnelPeriodName;
  by: FunnelGrouping;
  /** Moscow days, both included. */
  fromDay: string;
  toDay: string;
  /** Epoch ms, `to` exclusive. */
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;
const dayOf = (time: number) => moscowToday(new Date(time));

/** The page's query string (`period`, `from`, `to`, `by`) read leniently: anything unknown falls back to 30 days by campaign. */
export function parseFunnelQuery(params: Record<string, string | string[] | undefined>, now = Date.now()): FunnelQuery {
  const text = (name: string) => (typeof params[name] === 'string' ? (params[name] as string) : '');
  const by = (funnelGroupings as readonly string[]).includes(text('by')) ? (text('by') as FunnelGrouping) : 'campaign';
  let period = (funnelPeriods as readonly string[]).includes(text('period')) ? (text('period') as FunnelPeriodName) : '30d';
  const today = moscowMidnight(now);
  let from = today - 29 * DAY_MS;
  let to = today + DAY_MS;
  if (period === 'today') from = today;
  if (period === 'yesterday') [from, to] = [today - DAY_MS, today];
  if (period === '7d') from = today - 6 * DAY_MS;
  if (period === 'custom') {
    const [a, b] = [text('from'), text('to')];
    if (isCalendarDate(a) && isCalendarDate(b)) {
      const [first, last] = a <= b ? [a, b] : [b, a];
      from = Date.parse(`${first}T00:00:00+03:00`);
      to = Date.parse(`${last}T00:00:00+03:00`) + DAY_MS;
    } else {
      period = '30d';
    }
  }
  return { period, by, from, to, fromDay: dayOf(from), toDay: dayOf(to - 1) };
}

/** The query string of the same view (for the CSV link and the form). */
export function funnelSearch(query: FunnelQuery): string {
  const params = new URLSearchParams({ period: query.period, by: query.by });
  if (query.period === 'custom') {
    params.set('from', query.fromDay);
    params.set('to', query.toDay);
  }
  return params.toString();
}

/**
 * `paidDeals`: paid in full; `partPaidDeals`: paid in part, counted apart (not in the conversion);
 * `refundedDeals`: money given back or to be (in no other figure); `revenueKopecks`: the money of the paid and part-paid.
 */
export interface FunnelFigures {
  key: string;
  leads: number;
  paidDeals: number;
  partPaidDeals: number;
  refundedDeals: number;
  revenueKopecks: number;
}

/** A row's name: leads without the tag are «без метки», never dropped. */
export function funnelKeyLabel(key: string): string {
  return key === '' ? 'без метки' : key;
}

/** Paid deals per lead, as `12,5 %`; `—` without leads. */
export function conversionText(row: FunnelFigures): string {
  if (row.leads === 0) return '—';
  return `${((row.paidDeals / row.leads) * 100).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;
}

export function revenueText(kopecks: number): string {
  return formatRub(Math.round(kopecks / 100));
}

export function revenuePerLeadText(row: FunnelFigures): string {
  return row.leads === 0 ? '—' : revenueText(row.revenueKopecks / row.leads);
}

export function funnelTotals(rows: readonly FunnelFigures[]): FunnelFigures {
  return rows.reduce(
    (sum, row) => ({
      key: 'Итого',
      leads: sum.leads + row.leads,
      paidDeals: sum.paidDeals + row.paidDeals,
      partPaidDeals: sum.partPaidDeals + row.partPaidDeals,
      refundedDeals: sum.refundedDeals + row.refundedDeals,
      revenueKopecks: sum.revenueKopecks + row.revenueKopecks,
    }),
    { key: 'Итого', leads: 0, paidDeals: 0, partPaidDeals: 0, refundedDeals: 0, revenueKopecks: 0 },
  );
}

/**
 * The CSV of the table (`;`, UTF-8 with BOM, as the leads export): plain numbers a spreadsheet can sum;
 * each row's key as `nameOf` names it (content/names.ts: pop-ups and forms by name, not id).
 */
export function funnelCsv(query: FunnelQuery, rows: readonly FunnelFigures[], nameOf: (key: string) => string = funnelKeyLabel): string {
  const field = (value: string) => {
    const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const number = (value: number, digits = 2) => value.toFixed(digits).replace('.', ',');
  const lines = [
    [
      funnelGroupingLabels[query.by],
      'Заявки',
      'Оплаченные сделки',
      'Частично оплаченные сделки',
      'Возвраты',
      'Конверсия в оплату, %',
      'Выручка, ₽',
      'Выручка на заявку, ₽',
    ],
  ];
  for (const row of rows) {
    lines.push([
      nameOf(row.key),
      String(row.leads),
      String(row.paidDeals),
      String(row.partPaidDeals),
      String(row.refundedDeals),
      row.leads === 0 ? '' : number((row.paidDeals / row.leads) * 100, 1),
      number(row.revenueKopecks / 100),
      row.leads === 0 ? '' : number(row.revenueKopecks / 100 / row.leads),
    ]);
  }
  return `\uFEFF${lines.map((line) => line.map(field).join(';')).join('\r\n')}\r\n`;
}
