import type { ReactNode } from 'react';

/** A column of a console table: its heading, right-aligned for figures, or read only by screen readers (a column of buttons). */
export type Column = ReactNode | { label: ReactNode; numeric?: boolean; srOnly?: boolean };

function isOptions(column: Column): column is { label: ReactNode; numeric?: boolean; srOnly?: boolean } {
  return typeof column === 'object' && column !== null && 'label' in column;
}

/** Columns of figures: right-aligned under their headings. */
export const figureColumns = (...labels: ReactNode[]): Column[] => labels.map((label) => ({ label, numeric: true }));

/** The heading row of a console table (the look comes from `ui.table`). */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => {
          const { label, numeric, srOnly } = isOptions(column) ? column : { label: column };
          return (
            <th key={index} scope="col" className={numeric ? 'text-right' : undefined}>
              {srOnly ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
