// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../../tests/fixtures/console';
import LaunchDiscoveryForm from './LaunchDiscoveryForm';

const fetchMock = stubFetch();
afterEach(cleanup);

const labelInputs = () => screen.getAllByLabelText(/^Label/) as HTMLInputElement[];
const testSelects = () => screen.getAllByLabelText(/^Association test/) as HTMLSelectElement[];

describe('the discovery methods of the launch form', () => {
  it('adds the next test under its own name, renames a label it gave when the test changes, and keeps one that was typed', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: [], pagination: { currentPage: 0, pageSize: 200, totalCount: 0, totalPages: 0 } }));
    render(<LaunchDiscoveryForm />);
    const add = await screen.findByRole('button', { name: 'Add method' });
    await act(async () => fireEvent.click(add));
    expect(labelInputs().map((input) => input.value)).toEqual(['glm', 'mlm']);
    expect(testSelects().map((select) => select.value)).toEqual(['linear', 'linear_kinship']);
    await act(async () => fireEvent.change(testSelects()[1]!, { target: { value: 'linear_kinship_loco' } }));
    expect(labelInputs()[1]!.value).toBe('mlm_loco');
    // A second method of a test already named is numbered.
    await act(async () => fireEvent.change(testSelects()[1]!, { target: { value: 'linear' } }));
    expect(labelInputs()[1]!.value).toBe('glm_2');
    await act(async () => fireEvent.change(labelInputs()[1]!, { target: { value: 'glm_pc3' } }));
    await act(async () => fireEvent.change(testSelects()[1]!, { target: { value: 'linear_kinship' } }));
    expect(labelInputs()[1]!.value).toBe('glm_pc3');
  });
});
