import type { ReactNode } from 'react';
import { TableHead, type Column } from './table-head';
import { ui } from './ui';

/** A console table of items, one row each; `renderRow` gives the row its key. */
export function ConsoleTable<Item>({
  caption,
  columns,
  items,
  renderRow,
}: {
  /** Read only by screen readers: what the rows are. */
  caption?: string;
  columns: readonly Column[];
  items: readonly Item[];
  renderRow: (item: Item) => ReactNode;
}) {
  return (
    <table className={ui.table}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <TableHead columns={columns} />
      <tbody>{items.map((item) => renderRow(item))}</tbody>
    </table>
  );
}
