// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../../contract/reports';
import { jsonResponse, stubFetch } from '../../../../tests/fixtures/console';
import RunResults from './RunResults';

const fetchMock = stubFetch();
afterEach(cleanup);

const report = (status: RunReport['status']): RunReport => ({
  runId: 4,
  pipelineId: 'nf-gdip',
  status,
  declared: true,
  numbers: [{ key: 'markers', label: 'Markers', group: null, value: null, digits: 0, file: 'discovery/hits.csv' }],
  charts: [],
  tables: [],
  previews: [],
  problems: ['“Hits”: no output matches discovery/hits.csv.', '“Associations”: no output matches discovery/associations.csv.'],
  datasets: [],
});

describe('the Results tab', () => {
  it('says in one sentence that a failed run wrote no results, instead of a missing file per part of its report', async () => {
    fetchMock.mockResolvedValue(jsonResponse(report('FAILED')));
    render(<RunResults runId={4} ended refreshKey="FAILED" />);
    expect((await screen.findByTestId('no-results')).textContent).toContain('The run failed before it wrote its results');
    expect(screen.queryByText(/Part of the report could not be made/)).toBeNull();
  });

  it('lists what is missing from a run that succeeded', async () => {
    fetchMock.mockResolvedValue(jsonResponse(report('SUCCEEDED')));
    render(<RunResults runId={4} ended refreshKey="SUCCEEDED" />);
    expect((await screen.findByText('Part of the report could not be made:')).parentElement!.textContent).toContain('no output matches discovery/hits.csv');
  });

  it('marks a number its pipeline says not to read as it is, and gives the note once for all of them', async () => {
    const note = 'Above 1.1, the scan’s test statistics are inflated.';
    const lambda = (group: string, value: number, caution?: string) => ({
      key: `Genomic-control λ · ${group}`,
      label: 'Genomic-control λ',
      group,
      value,
      digits: 4,
      file: 'discovery/genomic_control.csv',
      ...(caution ? { caution } : {}),
    });
    fetchMock.mockResolvedValue(
      jsonResponse({ ...report('SUCCEEDED'), problems: [], numbers: [lambda('yield × linear', 4.326, note), lambda('height × linear', 2.836, note), lambda('yield × linear_kinship', 1.009)] }),
    );
    render(<RunResults runId={4} ended refreshKey="SUCCEEDED" />);
    const cautions = await screen.findAllByTestId('report-caution');
    expect(cautions).toHaveLength(1);
    expect(cautions[0]!.textContent).toBe(`Genomic-control λ · yield × linear 4.326, Genomic-control λ · height × linear 2.836. ${note}`);
    const tiles = screen.getAllByTestId('report-number');
    expect(tiles.map((tile) => tile.textContent?.includes('⚠'))).toEqual([true, true, false]);
  });

  it('gives a number its interval under it, and a table per group its group in its title', async () => {
    const cvR = (group: string, low: number | null, high: number | null) => ({
      key: `CV r · ${group}`,
      label: 'CV r',
      group,
      value: 0.5123,
      digits: 3,
      file: 'prediction/cv_accuracy.csv',
      interval: { low, high, level: 0.95 },
    });
    const gebv = (group: string) => ({
      title: 'Top GEBVs',
      group,
      file: 'prediction/gebv.csv',
      columns: ['id', 'gebv'],
      rows: [['L1', '2.5']],
      totalRows: 10,
      sortedBy: 'gebv (largest first)',
      accessionColumn: null,
      accessionIds: null,
    });
    fetchMock.mockResolvedValue(jsonResponse({ ...report('SUCCEEDED'), problems: [], numbers: [cvR('yield', 0.4312, 0.5934), cvR('height', null, null)], tables: [gebv('yield'), gebv('height')] }));
    render(<RunResults runId={4} ended refreshKey="SUCCEEDED" />);
    const intervals = await screen.findAllByTestId('report-interval');
    expect(intervals.map((interval) => interval.textContent)).toEqual(['95 % CI 0.431 to 0.593', '95 % CI not computed']);
    expect(screen.getByRole('table', { name: 'Top GEBVs · yield' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Top GEBVs · height' })).toBeTruthy();
  });

  it('shows a table’s measured numbers to the digits of the tiles, and leaves whole numbers and text as written', async () => {
    const models = {
      title: 'Every model',
      group: null,
      file: 'cv/cv_summary.csv',
      columns: ['trait', 'model', 'folds', 'Pearson r', 'Bias (slope)', 'line'],
      rows: [
        ['trait1', 'rrblup', '5', '0.51234567', '1.00000000', '007'],
        ['trait1', 'gblup', '5', '0.49876543', '0.98765432', '012'],
        ['trait2', 'bayesb', '5', 'NA', '-0.0000123456', '101'],
      ],
      totalRows: 3,
      sortedBy: null,
      accessionColumn: null,
      accessionIds: null,
    };
    fetchMock.mockResolvedValue(jsonResponse({ ...report('SUCCEEDED'), problems: [], tables: [models] }));
    render(<RunResults runId={4} ended refreshKey="SUCCEEDED" />);
    const table = await screen.findByRole('table', { name: 'Every model' });
    const cells = [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['trait1', 'rrblup', '5', '0.5123', '1', '007'],
      ['trait1', 'gblup', '5', '0.4988', '0.9877', '012'],
      ['trait2', 'bayesb', '5', 'NA', '-1.235e-5', '101'],
    ]);
    // Every digit written stays a pointer away.
    expect(screen.getByText('0.5123').getAttribute('title')).toBe('0.51234567');
  });
});
