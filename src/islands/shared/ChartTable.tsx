/**
 * A chart's numbers as a table, folded under a <details> ('Show the numbers as a table'): for screen readers and
 * anyone who wants the figures. The table scrolls in its own focusable region named by the caption; a header row of
 * column headings, then one row per item with its heading first. Class names and when to use it: docs/design-system.md.
 */
import type { ReactNode } from 'react';

/** One row: its key, its heading (the first column) and its cells. */
export interface ChartTableRow {
  key: string;
  head: ReactNode;
  cells: ReactNode[];
}

export interface ChartTableProps {
  /** The <details> element's class (the feature's spacing). */
  className: string;
  /** The <summary>'s words. */
  summary: string;
  /** The caption's id (unique on the page): it names the scrolling region and the table. */
  captionId: string;
  caption: string;
  /** The column headings, the rows' heading column first. */
  columns: string[];
  rows: ChartTableRow[];
  /** A class added to `table`. */
  tableClassName?: string;
  testId?: string;
}

/** The folded table of a chart's numbers. */
export default function ChartTable({ className, summary, captionId, caption, columns, rows, tableClassName, testId }: ChartTableProps) {
  return (
    <details className={className}>
      <summary>{summary}</summary>
      <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={tableClassName ? `table ${tableClassName}` : 'table'} data-testid={testId}>
          <caption id={captionId}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th scope="col" key={c}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.head}</th>
                {r.cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
