/** A small table under the chart (by rate, by channel): a caption, its column heads, the rows; figures align right. */
import type { ReactNode } from 'react';

export interface StatsTableProps {
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}

export function StatsTable({ caption, columns, rows }: StatsTableProps) {
  return (
    <table className="stats-table">
      <caption className="stats-table__caption">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <th key={columns[index]} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={columns[index]}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
