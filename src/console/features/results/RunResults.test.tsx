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
});
