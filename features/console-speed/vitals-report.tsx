import type { VitalRating, VitalName } from '@/lib/vitals/metrics';
import { VITAL_NAMES, VITAL_THRESHOLDS } from '@/lib/vitals/metrics';
import type { VitalsTarget } from '@/server/repositories/vitals';
import { TableHead, figureColumns } from '@/components/console/table-head';
import { ui } from '@/components/console/ui';
import { pageTypeName } from '@/content/names';
import {
  deviceLabels,
  FEW_NETWORKS_LABEL,
  FEW_SAMPLES_LABEL,
  formatVital,
  metricLabels,
  MIN_SAMPLES,
  ratingLabels,
  uncolouredBecause,
  type VitalCell,
  type VitalsRow,
} from './vitals-figures';

const ratingClass: Record<VitalRating, string> = {
  good: 'bg-green-100 text-green-900',
  'needs-improvement': 'bg-amber-100 text-amber-900',
  poor: 'bg-red-100 text-red-900',
};

/**
 * One p75: coloured by its rating (named too, not by colour alone), or without colour and why: «мало
 * данных» below MIN_SAMPLES samples, «мало сетей» when they came from fewer than MIN_NETWORKS networks.
 */
export function VitalFigure({ name, cell }: { name: VitalName; cell: VitalCell }) {
  if (cell.samples === 0) return <span className="text-gray-500">—</span>;
  if (cell.rating === null) {
    const fewSamples = uncolouredBecause(cell) === 'samples';
    return (
      <span className="text-gray-700" data-rating={fewSamples ? 'few' : 'few-networks'}>
        {formatVital(name, cell.p75)} <span className="text-xs">({fewSamples ? FEW_SAMPLES_LABEL : FEW_NETWORKS_LABEL})</span>
      </span>
    );
  }
  return (
    <span className={`rounded px-1.5 py-0.5 ${ratingClass[cell.rating]}`} data-rating={cell.rating}>
      {formatVital(name, cell.p75)} <span className="text-xs">({ratingLabels[cell.rating]})</span>
    </span>
  );
}

export function thresholdsNote(): string {
  return (['LCP', 'INP', 'CLS'] as const)
    .map(
      (name) =>
        `${metricLabels[name]}: до ${formatVital(name, VITAL_THRESHOLDS[name][0])} — хорошо, выше ${formatVital(name, VITAL_THRESHOLDS[name][1])} — плохо`,
    )
    .join('; ');
}

/** A page type in words, its route beside in small type. */
export function PageTypeName({ pageType }: { pageType: string }) {
  return (
    <>
      {pageTypeName(pageType)} <code className="text-xs text-gray-600">{pageType}</code>
    </>
  );
}

/** p75 per page type and device, every metric; one count a row: the page views measured. */
export function VitalsTable({ rows }: { rows: VitalsRow[] }) {
  return (
    <table className={`${ui.table} mb-6`}>
      <caption className="sr-only">75-й перцентиль показателей по типам страниц и устройствам</caption>
      <TableHead columns={['Тип страницы', 'Устройство', ...figureColumns('Просмотров с замерами', ...VITAL_NAMES.map((name) => metricLabels[name]))]} />
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.pageType} ${row.device}`} data-page-type={row.pageType} data-device={row.device}>
            <td>
              <PageTypeName pageType={row.pageType} />
            </td>
            <td>{deviceLabels[row.device]}</td>
            <td className="text-right" data-views>
              {row.views}
            </td>
            {VITAL_NAMES.map((name) => (
              <td key={name} className="text-right" data-metric={name}>
                <VitalFigure name={name} cell={row.cells[name]} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const phaseLabels: Record<string, string> = {
  'input-delay': 'ожидание обработки',
  'processing-duration': 'обработчики событий',
  'presentation-delay': 'отрисовка после обработки',
};

/** The elements most often behind a slow page type's LCP, or the targets of its slowest interactions. */
export function TargetsTable({ metric, targets }: { metric: 'LCP' | 'INP'; targets: VitalsTarget[] }) {
  if (targets.length === 0) return <p className="mb-4 text-sm">Браузеры не назвали элементов.</p>;
  return (
    <table className={`${ui.table} mb-4`}>
      <caption className="sr-only">{metric === 'LCP' ? 'Частые элементы LCP' : 'Частые цели взаимодействий (INP)'}</caption>
      <TableHead
        columns={[
          metric === 'LCP' ? 'Элемент LCP' : 'Цель взаимодействия',
          ...(metric === 'INP' ? ['Главная часть задержки'] : []),
          ...figureColumns('Раз', 'В среднем'),
        ]}
      />
      <tbody>
        {targets.map((target) => (
          <tr key={`${target.target} ${target.phase ?? ''}`}>
            <td>
              <code className="break-all">{target.target}</code>
            </td>
            {metric === 'INP' && <td>{target.phase ? (phaseLabels[target.phase] ?? target.phase) : '—'}</td>}
            <td className="text-right">{target.count}</td>
            <td className="text-right">{formatVital(metric, target.average)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export { MIN_SAMPLES };
