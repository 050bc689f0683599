import type { ReactElement } from 'react';

interface MockChartProps {
  data: { labels?: unknown[]; datasets: Array<{ label?: string; data: unknown[] }> };
  'aria-label'?: string;
}

function MockLine({ data, 'aria-label': label }: MockChartProps): ReactElement {
  return (
    <div data-testid="mock-line-chart" role="img" aria-label={label}>
      {data.datasets.map((d) => (
        <span key={d.label ?? 'series'} data-series={d.label}>
          {d.data.length}
        </span>
      ))}
    </div>
  );
}

export const chartMock = { Line: MockLine, Bar: MockLine, Chart: MockLine };
