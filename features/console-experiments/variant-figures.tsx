import type { ReactNode } from 'react';
import { figureColumns, TableHead, type Column } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { differenceText } from '@/lib/experiments/plain-words';
import type { TestReport } from '@/lib/experiments/sequential';
import { variantLetter } from '@/lib/experiments/variants';
import { percent } from './split-test-labels';

/** A column a kind of test adds to the table: its heading and each variant's cell. */
export interface VariantColumn {
  heading: Column;
  cell: (variant: number) => ReactNode;
  /** Right-aligned, as figures are. */
  figure?: boolean;
}

/**
 * The per-variant figures of a test's report, the same for a pop-up's and a page's: the variant, what its
 * kind shows first (a pop-up's headline), its counted visitors (a pop-up's «Показы», a page's
 * «Посетители»), leads, conversion with its 95 % interval and the difference from A, then what the kind
 * adds after (a pop-up's p-value and keep, a page's money).
 */
export function VariantFigures({
  report,
  count,
  caption,
  visitorsLabel,
  differenceLabel,
  before = [],
  after = [],
  className,
}: {
  report: TestReport;
  /** Variants of the test, A first. */
  count: number;
  caption: string;
  visitorsLabel: string;
  differenceLabel: string;
  before?: readonly VariantColumn[];
  after?: readonly VariantColumn[];
  className: string;
}) {
  const cell = (column: VariantColumn, index: number, key: string) => (
    <td key={key} className={column.figure ? 'text-right' : undefined}>
      {column.cell(index)}
    </td>
  );
  return (
    <table className={`${ui.table} ${className}`}>
      <caption className="sr-only">{caption}</caption>
      <TableHead
        columns={[
          'Вариант',
          ...before.map((column) => column.heading),
          ...figureColumns(visitorsLabel, 'Заявки', 'Конверсия (95 %)', differenceLabel),
          ...after.map((column) => column.heading),
        ]}
      />
      <tbody>
        {Array.from({ length: count }, (_, index) => {
          const figures = report.variants[index] ?? { shows: 0, leads: 0, rate: 0, low: 0, high: 1 };
          const comparison = index > 0 ? (report.comparisons[index - 1] ?? null) : null;
          return (
            <tr key={index} data-variant={variantLetter(index)}>
              <th scope="row">{variantLetter(index)}</th>
              {before.map((column, at) => cell(column, index, `before-${at}`))}
              <td className="text-right">{figures.shows.toLocaleString('ru-RU')}</td>
              <td className="text-right">{figures.leads.toLocaleString('ru-RU')}</td>
              <td className="text-right">{figures.shows > 0 ? `${percent(figures.rate)} (${percent(figures.low)}–${percent(figures.high)})` : '—'}</td>
              <td className="text-right">{index === 0 ? 'основа' : comparison ? differenceText(comparison) : '—'}</td>
              {after.map((column, at) => cell(column, index, `after-${at}`))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
