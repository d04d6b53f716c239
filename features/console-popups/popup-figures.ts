import { moscowToday } from '@/lib/calendar';
import type { PopupDayFigures } from '@/server/repositories/popup-stats';

/** finished / shown, as `12,5 %`; a dash before anything was shown. */
export function conversionRate(figures: Pick<PopupDayFigures, 'shown' | 'finished'>): string {
  if (figures.shown === 0) return '—';
  return `${(Math.round((figures.finished / figures.shown) * 1000) / 10).toLocaleString('ru-RU')} %`;
}

/** Conversion in percent per pop-up for each day of the period (oldest first), for the chart. */
export function conversionSeries(
  rows: readonly PopupDayFigures[],
  fromDay: string,
  toDay: string,
): { days: string[]; series: { key: string; values: number[] }[] } {
  const days: string[] = [];
  for (let day = fromDay; day <= toDay && days.length < 366; day = moscowToday(new Date(Date.parse(`${day}T12:00:00+03:00`) + 86_400_000))) days.push(day);
  const popupsSeen = [...new Set(rows.map((row) => row.popup))].sort();
  const series = popupsSeen.map((popup) => ({
    key: popup,
    values: days.map((day) => {
      const row = rows.find((candidate) => candidate.day === day && candidate.popup === popup);
      return row && row.shown > 0 ? Math.round((row.finished / row.shown) * 1000) / 10 : 0;
    }),
  }));
  return { days, series };
}
