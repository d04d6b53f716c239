'use client';

import { useEffect, useRef } from 'react';

const colors = ['#2451e0', '#f97316', '#16a34a', '#9333ea', '#dc2626', '#0891b2', '#ca8a04', '#4b5563'];

export interface BarChartData {
  labels: string[];
  series: { key: string; values: number[] }[];
}

/**
 * Bars per label and series (stacked or side by side). Chart.js is imported when a chart mounts, so it
 * loads on the console pages that draw one, never with the site. Each page also shows the figures in a
 * table, for keyboard and screen-reader users.
 */
export function BarChart({ data, stacked, label, caption }: { data: BarChartData; stacked: boolean; label: string; caption: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('chart.js').then(({ Chart, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip }) => {
      if (cancelled || !canvas.current) return;
      Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: {
          labels: data.labels,
          datasets: data.series.map((series, index) => ({ label: series.key, data: series.values, backgroundColor: colors[index % colors.length] })),
        },
        options: {
          animation: false,
          maintainAspectRatio: false,
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
      <figcaption className="mt-1 text-sm text-gray-700">{caption}</figcaption>
    </figure>
  );
}
