// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, storedFile, stubFetch, testPipeline } from '../../../../tests/fixtures/console';
import type { PipelineSchema } from './schema-form';
import { groupsOf } from './schema-form';
import { LaunchForm } from './LaunchForm';

/** Make GDIP Predictions' model parameter, as its schema and pipeline.json give it. */
const schema: PipelineSchema = {
  $defs: {
    io: {
      title: 'Input/output options',
      required: ['model', 'outdir'],
      properties: {
        model: { type: 'string', format: 'file-path', mimetype: 'application/json', description: 'A trained model.' },
        outdir: { type: 'string', format: 'directory-path', default: 'results', description: 'Results folder.' },
      },
    },
  },
  allOf: [{ $ref: '#/$defs/io' }],
};
const pipeline = testPipeline({ id: 'make-gdip-predictions', label: 'Make GDIP Predictions', inputFileTypes: { model: ['GDIP model', 'Auto Train model', 'model'] }, schema });
const model = (id: number, runName: string, createdAt: string) =>
  storedFile({ id, name: 'models/gdip_model.json', fileTypeId: 20, fileTypeName: 'GDIP model', mimeType: 'application/json', runId: id, runName, createdAt });

const fetchMock = stubFetch();
afterEach(cleanup);

describe('the file picker of a launch form', () => {
  it('asks only for the types the parameter takes, and tells two runs’ models/gdip_model.json apart by their run first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const found = [model(41, 'gdip_wheat_a', '2026-03-02T09:15:00.000Z'), model(42, 'gdip_wheat_b', '2026-03-05T16:40:00.000Z')];
    fetchMock.mockResolvedValueOnce(jsonResponse({ data: found, pagination: { currentPage: 0, pageSize: 20, totalCount: 2, totalPages: 1 } }));
    render(<LaunchForm pipeline={pipeline} groups={groupsOf(schema)} runGroups={[]} projects={[]} from={null} />);
    // The picker loads beside the form.
    const search = await screen.findByRole('combobox', { name: 'Search stored files for model' });
    await act(async () => {
      fireEvent.change(search, { target: { value: 'gdip_model' } });
      await vi.advanceTimersByTimeAsync(300);
    });
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://console');
    expect(asked.searchParams.get('fileType')).toBe('GDIP model,Auto Train model,model');
    const options = within(screen.getByRole('listbox', { name: 'Stored files for model' })).getAllByRole('option');
    expect(options.map((option) => option.firstElementChild?.textContent)).toEqual([expect.stringMatching(/^Run gdip_wheat_a, .*2026/), expect.stringMatching(/^Run gdip_wheat_b, .*2026/)]);
    expect(options[0]!.textContent).not.toBe(options[1]!.textContent);
    act(() => {
      fireEvent.click(options[1]!);
    });
    expect(screen.getByText(/^Chosen: Run gdip_wheat_b, .* · models\/gdip_model\.json · GDIP model/)).toBeTruthy();
    vi.useRealTimers();
  });
});
