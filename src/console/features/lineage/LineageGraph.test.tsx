// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineageEdge as edge, lineageFile as file, lineageRun as run } from '../../../../tests/fixtures/console';
import type { LineageGraph } from '../../../contract/lineage';
import { LineageGraphView, type useLineage } from './LineageGraph';
import { emptyLineage, GRAPH_MARGIN, mergeLineage } from './lineage-layout';

afterEach(cleanup);

const show = (graph: LineageGraph) => {
  const state = mergeLineage(emptyLineage(graph.root), graph, null);
  const lineage: ReturnType<typeof useLineage> = { state, error: null, loading: false, expanding: null, expand: vi.fn(), focus: graph.root, retry: vi.fn() };
  render(<LineageGraphView lineage={lineage} />);
  return (node: string) => screen.getByTestId('lineage-graph').querySelector<HTMLElement>(`[data-node="${node}"]`)!;
};

describe('the lineage as a graph, on a wide screen', () => {
  const NAME = 'filtered/wheat_panel_3pops.filtered.vcf';
  const graph: LineageGraph = {
    root: 'run:5',
    nodes: [run(5, { name: 'gdip_panel' }), file(12, { name: NAME, producedBy: 'upload', uploadedBy: 'ana@example.org' }), file(6, { name: 'gebv.csv' })],
    edges: [
      edge('file:12', 'run:5', 'input', { parameter: 'genotypes' }),
      edge('run:5', 'file:6', 'output'),
      // An input whose file is not loaded: known by its kind and number alone.
      edge('file:99', 'run:5', 'input', { parameter: 'phenotypes', changedSince: true, sha256AtLaunch: 'b'.repeat(64) }),
    ],
    hidden: [],
    frontier: [],
  };

  it('gives a long name two lines, broken between its parts, whole in its tooltip and to a screen reader', () => {
    const card = show(graph);
    const link = within(card('file:12')).getByRole('link', { name: NAME });
    expect(link.textContent).toBe(NAME);
    expect(link.querySelectorAll('wbr').length).toBeGreaterThan(0);
    const line = link.closest('p')!;
    // Two lines, then an ellipsis; not one line cut short.
    expect(line.className.split(' ')).toContain('line-clamp-2');
    expect(line.className.split(' ')).not.toContain('truncate');
    expect(line.getAttribute('title')).toBe(NAME);
    // A fact line cut to the card's width is whole in its tooltip.
    expect(within(card('file:12')).getByTitle('VCF · 1 B · uploaded by ana@example.org')).toBeTruthy();
  });

  it('heads each card with its kind, not its record number, and names a node not loaded as “file 99”', () => {
    const card = show(graph);
    expect(card('run:5').querySelector('p')!.firstChild!.textContent).toBe('Run');
    expect(card('run:5').textContent).not.toMatch(/run\s*5/i);
    expect(card('file:12').querySelector('p')!.textContent).toBe('File');
    expect(card('file:6').querySelector('p')!.textContent).toBe('File');
    expect(screen.getByTestId('lineage-changed').textContent).toContain('file 99 has changed since gdip_panel read it as phenotypes');
  });

  it('keeps the first row and column clear of the scrolling box’s edge, where it would cut their ring', () => {
    const card = show(graph);
    const first = card('file:12');
    expect(first.style.left).toBe(`${GRAPH_MARGIN}px`);
    expect(first.style.top).toBe(`${GRAPH_MARGIN}px`);
  });
});
