import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Visually hide the header (still announced), e.g. for an actions column. */
  hideHeader?: boolean;
}

/**
 * A plain, accessible table (native `<table>` with a caption): for lists of settings (inboxes,
 * keys, members, deliveries). `empty` shows when there are no rows.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: ReactNode;
}) {
  if (rows.length === 0) return <div className="empty">{empty}</div>;
  return (
    <table className="data-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.hideHeader ? 'visually-hidden-header' : undefined}>
              {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              // The column's name, shown beside the cell where a narrow screen stacks the row (styles/app.css).
              <td key={column.header} data-label={column.hideHeader ? undefined : column.header}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
