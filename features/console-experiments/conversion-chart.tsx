import { dayText } from '@/lib/experiments/plain-words';
import { variantLetter } from '@/lib/experiments/variants';
import type { DayCounts } from '@/lib/experiments/sequential';

const colors = ['#2451e0', '#f97316', '#16a34a', '#9333ea'];

/** A Moscow day `2026-11-23` as the chart's axis says it: «23 ноября». */
const dayLabel = (day: string, now: number) => dayText(Date.parse(`${day}T12:00:00+03:00`), now);

/**
 * Cumulative conversion per variant by day, as lines with a point each day: whether the variants have
 * settled apart or still cross is seen at a glance, and the first day's points show on their own. Plain
 * SVG drawn on the server (no script); the table beside it has the figures.
 */
export function ConversionChart({ days, now }: { days: readonly DayCounts[]; now: number }) {
  if (days.length === 0) return null;
  const width = 640;
  const height = 220;
  const pad = { left: 44, right: 12, top: 10, bottom: 28 };
  const rates = days.map((day) => day.variants.map((v) => (v.shows > 0 ? v.leads / v.shows : 0)));
  const top = Math.max(0.01, ...rates.flat()) * 1.15;
  // A single day stands in the middle, where its points are seen.
  const x = (i: number) => pad.left + (days.length === 1 ? (width - pad.left - pad.right) / 2 : (i / (days.length - 1)) * (width - pad.left - pad.right));
  const y = (rate: number) => pad.top + (1 - rate / top) * (height - pad.top - pad.bottom);
  const count = days[0]!.variants.length;
  const ticks = [0, top / 2, top];
  return (
    <figure className="mb-6 max-w-3xl">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Накопленная конверсия вариантов по дням" className="h-auto w-full">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} stroke="#e5e7eb" />
            <text x={pad.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#4b5563">
              {(tick * 100).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %
            </text>
          </g>
        ))}
        {days.length === 1 ? (
          <text x={x(0)} y={height - 8} fontSize="11" fill="#4b5563" textAnchor="middle">
            {dayLabel(days[0]!.day, now)}
          </text>
        ) : (
          <>
            <text x={pad.left} y={height - 8} fontSize="11" fill="#4b5563">
              {dayLabel(days[0]!.day, now)}
            </text>
            <text x={width - pad.right} y={height - 8} fontSize="11" fill="#4b5563" textAnchor="end">
              {dayLabel(days.at(-1)!.day, now)}
            </text>
          </>
        )}
        {Array.from({ length: count }, (_, variant) => (
          <g key={variant} stroke={colors[variant % colors.length]} fill={colors[variant % colors.length]} data-variant={variantLetter(variant)}>
            {days.length > 1 && (
              <polyline fill="none" strokeWidth="2" points={rates.map((row, i) => `${x(i).toFixed(1)},${y(row[variant] ?? 0).toFixed(1)}`).join(' ')} />
            )}
            {rates.map((row, i) => (
              <circle key={i} cx={x(i).toFixed(1)} cy={y(row[variant] ?? 0).toFixed(1)} r={days.length > 40 ? 1.5 : 3.5} strokeWidth="0" />
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-sm text-gray-700">
        {Array.from({ length: count }, (_, variant) => (
          <span key={variant}>
            <span aria-hidden="true" style={{ color: colors[variant % colors.length] }}>
              ━
            </span>{' '}
            Вариант {variantLetter(variant)}
          </span>
        ))}
        <span>накопленная конверсия по дням</span>
      </figcaption>
    </figure>
  );
}
