'use client';

import { useEffect, useRef } from 'react';

/** Twenty colours told apart side by side, so a legend of 18 forms names each series once. */
const colors = [
  '#2451e0',
  '#f97316',
  '#16a34a',
  '#9333ea',
  '#dc2626',
  '#0891b2',
  '#ca8a04',
  '#4b5563',
  '#db2777',
  '#65a30d',
  '#7c3aed',
  '#0d9488',
  '#b45309',
  '#1e3a8a',
  '#be123c',
  '#15803d',
  '#a21caf',
  '#0369a1',
  '#78350f',
  '#94a3b8',
];
const colorOf = (index: number) => colors[index % colors.length]!;

export interface BarChartData {
  labels: string[];
  series: { key: string; values: number[] }[];
}

/**
 * Bars per label and series (stacked or side by side). Chart.js is imported when a chart mounts, so it
 * loads on the console pages that draw one, never with the site. Each page also shows the figures in a
 * table, for keyboard and screen-reader users. The legend is the page's own list under the plot, not
 * Chart.js's: drawn inside the canvas, a long one (18 forms) took the plot's room and hid its last row.
 */
export function BarChart({ data, stacked, label, caption }: { data: BarChartData; stacked: boolean; label: string; caption: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('chart.js').then(({ Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip }) => {
      if (cancelled || !canvas.current) return;
      Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: {
          labels: data.labels,
          datasets: data.series.map((series, index) => ({ label: series.key, data: series.values, backgroundColor: colorOf(index) })),
        },
        options: {
          animation: false,
          maintainAspectRatio: false,
          plugins: { legend: { display: false } },
          scales: { x: { stacked }, y: { stacked, beginAtZero: true } },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [data, stacked]);
  return (
    <figure className="mb-6 max-w-4xl">
      <div className="relative h-72">
        <canvas ref={canvas} role="img" aria-label={label} />
      </div>
      {data.series.length > 1 && (
        <ul aria-label="Обозначения" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {data.series.map((series, index) => (
            <li key={series.key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-sm" style={{ backgroundColor: colorOf(index) }} />
              {series.key}
            </li>
          ))}
        </ul>
      )}
      <figcaption className="mt-1 text-sm text-gray-700">{caption}</figcaption>
    </figure>
  );
}
