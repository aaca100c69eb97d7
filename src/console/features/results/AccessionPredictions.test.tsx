// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessionPredictions as Predictions } from '../../../contract/reports';
import { jsonResponse, stubFetch } from '../../../../tests/fixtures/console';
import { AccessionPredictions } from './AccessionPredictions';

type DrawnConfig = { data: { datasets: Array<{ label: string; data: Array<{ x: number; y: number }> }> }; options: { plugins: { legend: { display: boolean } } } };
// Chart.js itself cannot draw in happy-dom: a stand-in keeps what each chart was asked to draw.
const drawn = vi.hoisted(() => [] as DrawnConfig[]);
vi.mock('chart.js/auto', () => ({
  default: class {
    static defaults = { plugins: { legend: {} } };
    constructor(_canvas: unknown, config: DrawnConfig) {
      drawn.push(config);
    }
    destroy() {}
  },
}));

const fetchMock = stubFetch();
afterEach(() => {
  cleanup();
  drawn.length = 0;
});

const row = (runId: number, trait: string, prediction: number): Predictions['predictions'][number] => ({
  runId,
  runName: `gdip_${runId}`,
  pipelineId: 'nf-gdip',
  completedAt: `2026-03-0${runId}T10:00:00.000Z`,
  file: 'prediction/gebv.csv',
  matchedName: 'NOR001',
  trait,
  prediction,
  gebv: null,
});

describe('an accession’s predictions over the runs', () => {
  it('draws each trait in a chart of its own, so that a yield of 7 is not flattened by a height of 100', async () => {
    const answer: Predictions = {
      accessionId: 31,
      names: ['SBW18-0030', 'NOR001'],
      predictions: [row(2, 'yield', 6.9), row(2, 'height', 99.5), row(1, 'yield', 7.1), row(1, 'height', 101.2)],
      runsSearched: 2,
    };
    fetchMock.mockResolvedValue(jsonResponse(answer));
    render(<AccessionPredictions accessionId={31} />);
    expect(await screen.findByRole('img', { name: 'Predictions of yield for this accession over the runs' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Predictions of height for this accession over the runs' })).toBeTruthy();
    await waitFor(() => expect(drawn).toHaveLength(2));
    const byTrait = new Map(drawn.map((config) => [config.data.datasets.map((dataset) => dataset.label).join(), config]));
    // The older run first, each chart holding its own trait only and not naming it again in a legend.
    expect(byTrait.get('yield')!.data.datasets[0]!.data).toEqual([
      { x: 0, y: 7.1 },
      { x: 1, y: 6.9 },
    ]);
    expect(byTrait.get('height')!.data.datasets[0]!.data).toEqual([
      { x: 0, y: 101.2 },
      { x: 1, y: 99.5 },
    ]);
    expect(drawn.map((config) => config.options.plugins.legend.display)).toEqual([false, false]);
  });
});
