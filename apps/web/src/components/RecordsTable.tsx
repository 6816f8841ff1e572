import type { ReactNode } from 'react';
import table from './DataTable.module.css';

export interface RecordsTableProps {
  /** The section's heading; a table without one is the page's own list. */
  title?: string;
  /** What the section is, said under its heading. */
  intro?: string;
  /** Said instead of an empty table. */
  empty: string;
  headings: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
  /** Columns of money, aligned right. */
  amountColumns?: number[];
  busy?: boolean;
}

/**
 * A back-office record's table: a heading, then its rows under their column headings (stacked as
 * cards on a phone), or a sentence when it has none.
 */
export function RecordsTable({
  title,
  intro,
  empty,
  headings,
  rows,
  amountColumns = [],
  busy,
}: RecordsTableProps) {
  const alignOf = (column: number) => (amountColumns.includes(column) ? table.amount : undefined);
  const body =
    rows.length === 0 ? (
      <p className={table.muted}>{empty}</p>
    ) : (
      <div className={table.wrap} aria-busy={busy || undefined}>
        <table className={table.table}>
          <thead>
            <tr>
              {headings.map((heading, column) => (
                <th key={heading} scope="col" className={alignOf(column)}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, column) => (
                  <td
                    key={headings[column]}
                    data-label={headings[column]}
                    className={alignOf(column)}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  if (title === undefined) return body;
  return (
    <section className={table.section}>
      <h2>{title}</h2>
      {intro ? <p className={table.intro}>{intro}</p> : null}
      {body}
    </section>
  );
}
