import { funnelKeyName, type CollectionPageNames } from '@/content/names';
import { conversionText, funnelGroupingLabels, funnelTotals, revenuePerLeadText, revenueText, type FunnelFigures, type FunnelGrouping } from '@/lib/funnel';
import { ui } from '@/components/console/ui';
import { TableHead, figureColumns } from '@/components/console/table-head';

/** The funnel «Кампании»: one row a key, sorted by revenue (as the repository gives them), and the totals. */
export function FunnelTable({ rows, by, collectionNames }: { rows: readonly FunnelFigures[]; by: FunnelGrouping; collectionNames: CollectionPageNames }) {
  const totals = funnelTotals(rows);
  return (
    <table className={ui.table} aria-label="Воронка: заявки, оплаты и выручка">
      <TableHead
        columns={[
          funnelGroupingLabels[by],
          ...figureColumns('Заявки', 'Оплаченные сделки', 'Частично оплаченные', 'Возвраты', 'Конверсия в оплату', 'Выручка', 'Выручка на заявку'),
        ]}
      />
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-key={row.key}>
            <th scope="row" className="font-normal">
              {funnelKeyName(by, row.key, collectionNames)}
            </th>
            <FigureCells figures={row} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-semibold">
          <th scope="row">Итого</th>
          <FigureCells figures={totals} />
        </tr>
      </tfoot>
    </table>
  );
}

/** A row's figures, in the order of the columns. */
function FigureCells({ figures }: { figures: FunnelFigures }) {
  return (
    <>
      <td className="text-right">{figures.leads}</td>
      <td className="text-right">{figures.paidDeals}</td>
      <td className="text-right">{figures.partPaidDeals}</td>
      <td className="text-right">{figures.refundedDeals}</td>
      <td className="text-right">{conversionText(figures)}</td>
      <td className="text-right">{revenueText(figures.revenueKopecks)}</td>
      <td className="text-right">{revenuePerLeadText(figures)}</td>
    </>
  );
}
