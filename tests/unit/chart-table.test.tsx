// The shared chart table (src/islands/shared/ChartTable.tsx), rendered to HTML as React renders it.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ChartGrid, { gridScale } from '../../src/islands/shared/ChartGrid.tsx';
import ChartTable from '../../src/islands/shared/ChartTable.tsx';

describe('ChartTable', () => {
  it('folds the numbers under a summary: a focusable region named by the caption, column headings, a heading per row', () => {
    const html = renderToStaticMarkup(
      <ChartTable
        className="analytics-data"
        summary="Show the numbers as a table"
        captionId="views-caption"
        caption="Page views"
        columns={['Day', 'Views', 'Users']}
        rows={[
          { key: '2026-11-01', head: 'Nov 1', cells: [3, 2] },
          { key: '2026-11-02', head: 'Nov 2', cells: [0, '—'] },
        ]}
      />,
    );
    expect(html).toBe(
      '<details class="analytics-data"><summary>Show the numbers as a table</summary>' +
        '<div class="table-wrap" role="region" aria-labelledby="views-caption" tabindex="0"><table class="table">' +
        '<caption id="views-caption">Page views</caption>' +
        '<thead><tr><th scope="col">Day</th><th scope="col">Views</th><th scope="col">Users</th></tr></thead>' +
        '<tbody><tr><th scope="row">Nov 1</th><td>3</td><td>2</td></tr><tr><th scope="row">Nov 2</th><td>0</td><td>—</td></tr></tbody>' +
        '</table></div></details>',
    );
  });

  it("adds the feature's table class and test id; escapes the words", () => {
    const html = renderToStaticMarkup(
      <ChartTable className="wo-chart__data" tableClassName="wo-chart__table" testId="t" summary="Show" captionId="c" caption="<b>Orders</b>" columns={['Week']} rows={[]} />,
    );
    expect(html).toContain('<table class="table wo-chart__table" data-testid="t"><caption id="c">&lt;b&gt;Orders&lt;/b&gt;</caption>');
    expect(html).toContain('<tbody></tbody>');
  });
});

describe('ChartGrid', () => {
  it('draws a line and its value per tick, the marks over them and the zero axis on top, named by the feature', () => {
    const { top, ticks } = gridScale(9);
    expect({ top, ticks }).toEqual({ top: 10, ticks: [0, 5, 10] });
    // Nothing to show still draws one step (an empty chart has a 0 and a 1).
    expect(gridScale(Math.max())).toEqual({ top: 1, ticks: [0, 1] });
    const y = (v: number) => 100 - v * 10;
    const html = renderToStaticMarkup(
      <svg>
        <ChartGrid prefix="wo-chart" ticks={[0, 5]} left={40} right={300} y={y}>
          <rect className="mark" />
        </ChartGrid>
      </svg>,
    );
    expect(html).toBe(
      '<svg>' +
        '<g class="wo-chart__grid"><line x1="40" x2="300" y1="100" y2="100"></line><text x="34" y="100" dy="0.32em" text-anchor="end">0</text></g>' +
        '<g class="wo-chart__grid"><line x1="40" x2="300" y1="50" y2="50"></line><text x="34" y="50" dy="0.32em" text-anchor="end">5</text></g>' +
        '<rect class="mark"></rect>' +
        '<line class="wo-chart__axis" x1="40" x2="300" y1="100" y2="100"></line>' +
        '</svg>',
    );
  });
});
