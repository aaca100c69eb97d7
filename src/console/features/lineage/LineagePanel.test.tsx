// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, lineageEdge as edge, lineageFile as file, lineageRun as run, stubFetch } from '../../../../tests/fixtures/console';
import type { LineageGraph } from '../../../contract/lineage';
import LineagePanel from './LineagePanel';

const fetchMock = stubFetch();
afterEach(cleanup);

/** The panel of `node`, the lineage API answering `graph` to each of its requests (a file's germplasm: none). */
async function caption(node: string, graph: LineageGraph): Promise<string> {
  fetchMock.mockImplementation(async (url) =>
    String(url).includes('/germplasm') ? jsonResponse({ fileId: 9, column: null, individuals: 0, complete: true, named: 0, accessions: 0, matched: [], unmatched: [] }) : jsonResponse(graph),
  );
  render(<LineagePanel node={node} />);
  await screen.findByTestId('lineage-graph');
  // The card's description: the paragraph under its title.
  return screen.getByRole('heading', { name: 'Lineage' }).nextElementSibling!.textContent!;
}

describe('what the lineage card says of its graph', () => {
  it('speaks of what it came from and what was built on it when both are there, and of “more” only when a card has it', async () => {
    const said = await caption('run:5', {
      root: 'run:5',
      nodes: [run(5), file(1), file(6)],
      edges: [edge('file:1', 'run:5', 'input'), edge('run:5', 'file:6', 'output')],
      hidden: [],
      frontier: [],
    });
    expect(said).toMatch(/^Where it came from \(.*\) and what was built on it \(.*\), as recorded when each run was launched\.$/);
    expect(said).not.toContain('more');
  });

  it('speaks only of what was built on an upload, and says “more” where a card has it', async () => {
    const said = await caption('file:1', {
      root: 'file:1',
      nodes: [file(1, { producedBy: 'upload' }), run(4)],
      edges: [edge('file:1', 'run:4', 'input')],
      hidden: [],
      frontier: [{ node: 'run:4', direction: 'down' }],
    });
    expect(said).toMatch(/^What was built on it \(.*\), as recorded when each run was launched\. Expand a card with “more”\.$/);
    expect(said).not.toContain('came from');
  });

  it('says that nothing is recorded of a file no run made or read', async () => {
    const said = await caption('file:9', { root: 'file:9', nodes: [file(9, { producedBy: 'upload' })], edges: [], hidden: [], frontier: [] });
    expect(said).toBe('Nothing is recorded that it came from or that was built on it.');
  });
});
