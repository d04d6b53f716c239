'use client';

import { useEffect, useRef } from 'react';
import type { DailySeries } from '@/server/admin/overview';

const colors = ['#2451e0', '#f97316', '#16a34a', '#9333ea', '#dc2626', '#0891b2', '#ca8a04', '#4b5563'];

/**
 * Leads per day and form, stacked bars. Chart.js is imported when the chart mounts, so it loads on
 * the overview only, never with the site's or the console's other pages. The tables below carry the
 * same figures for keyboard and screen-reader users.
 */
export function LeadsChart({ data }: { data: DailySeries }) {
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
          labels: data.days,
          datasets: data.series.map((series, index) => ({ label: series.key, data: series.counts, backgroundColor: colors[index % colors.length] })),
        },
        options: {
          animation: false,
          maintainAspectRatio: false,
          scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [data]);
  const total = data.series.reduce((sum, series) => sum + series.counts.reduce((a, b) => a + b, 0), 0);
  return (
    <figure className="mb-6 max-w-4xl">
      <div className="relative h-72">
        <canvas ref={canvas} role="img" aria-label={`Заявки по дням за 30 дней по формам, всего ${total}`} />
      </div>
      <figcaption className="mt-1 text-sm text-gray-700">Заявки по дням за 30 дней (по Москве), по формам; спам не учтён</figcaption>
    </figure>
  );
}
