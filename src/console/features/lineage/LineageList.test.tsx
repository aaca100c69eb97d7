// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineageEdge as edge, lineageFile as file, lineageRun as run } from '../../../../tests/fixtures/console';
import type { LineageGraph } from '../../../contract/lineage';
import { LineageList } from './LineageList';
import { emptyLineage, mergeLineage } from './lineage-layout';

afterEach(cleanup);

const show = (graph: LineageGraph, onExpand = vi.fn()) => {
  render(<LineageList expander={{ state: mergeLineage(emptyLineage(graph.root), graph, null), expanding: null, onExpand }} />);
  return onExpand;
};
const headings = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('the lineage as a list, on a phone', () => {
  it('shows a run’s inputs, the run and its outputs in the graph’s order, the run marked, each node with its card’s facts and link', () => {
    const onExpand = show({
      root: 'run:5',
      nodes: [run(5, { name: 'gdip_panel' }), file(1, { producedBy: 'upload', uploadedBy: 'ana@example.org' }), file(2), file(6, { name: 'gebv.csv', fileTypeName: 'CSV' })],
      edges: [edge('file:1', 'run:5', 'input', { parameter: 'genotypes' }), edge('file:2', 'run:5', 'input', { parameter: 'phenotypes', changedSince: true }), edge('run:5', 'file:6', 'output')],
      hidden: [{ node: 'run:5', direction: 'down', count: 3 }],
      frontier: [{ node: 'file:1', direction: 'up' }],
    });
    expect(headings()).toEqual(['Inputs · 2', 'This run', 'Outputs']);
    const inputs = within(screen.getByRole('list', { name: 'Inputs · 2' })).getAllByRole('listitem');
    expect(inputs.map((item) => item.textContent)).toEqual([expect.stringContaining('f1.vcf'), expect.stringContaining('f2.vcf')]);
    expect(inputs[0]!.textContent).toContain('VCF · 1 B · uploaded by ana@example.org');
    expect(inputs[0]!.textContent).toContain('read as genotypes');
    expect(inputs[1]!.textContent).toContain('read as phenotypes (changed since)');
    expect(within(inputs[0]!).getByRole('link', { name: 'f1.vcf' }).getAttribute('href')).toBe('/tools/lineage?id=file:1');

    const [self] = within(screen.getByRole('list', { name: 'This run' })).getAllByRole('listitem');
    expect(self!.getAttribute('aria-current')).toBe('true');
    expect(self!.textContent).toContain('this run');
    expect(self!.textContent).toContain('nf-gdip 1.8.0');
    expect(self!.textContent).toContain('3 not shown');
    expect(screen.getAllByRole('listitem').filter((item) => item.getAttribute('aria-current'))).toEqual([self]);
    expect(within(self!).getByRole('link', { name: 'gdip_panel' }).getAttribute('href')).toBe('/tools/pipeline/monitor/pipeline-run/view?id=5');

    // The outputs' item adds nothing to its heading: the run that wrote it is the root.
    expect(within(screen.getByRole('list', { name: 'Outputs' })).getByRole('listitem').textContent).toContain('CSV · 1 B · run output');

    fireEvent.click(within(inputs[0]!).getByRole('button', { name: 'Show what it came from (f1.vcf)' }));
    expect(onExpand).toHaveBeenCalledWith('file:1', 'up');
  });

  it('shows a file’s makers two levels up, the file and the runs that read it, naming the run each input went into', () => {
    show({
      root: 'file:3',
      nodes: [file(3, { name: 'gebv.csv' }), run(2), file(1), run(9)],
      edges: [edge('file:1', 'run:2', 'input', { parameter: 'genotypes' }), edge('run:2', 'file:3', 'output'), edge('file:3', 'run:9', 'input', { parameter: 'training' })],
      hidden: [],
      frontier: [],
    });
    expect(headings()).toEqual(['Inputs', 'Made by', 'This file', 'Read by']);
    expect(screen.getByRole('list', { name: 'Inputs' }).textContent).toContain('read by r2 as genotypes');
    expect(screen.getByRole('list', { name: 'Read by' }).textContent).toContain('read it as training');
    expect(screen.getByRole('list', { name: 'This file' }).querySelector('[aria-current="true"]')?.textContent).toContain('gebv.csv');
  });

  it('names each node as a person knows it: its kind without its record number, a long name whole to a screen reader, a nameless one as “run 7”', () => {
    show({
      root: 'run:5',
      nodes: [run(5, { name: 'gdip_panel' }), file(12, { name: 'filtered/wheat_panel_3pops.filtered.vcf' }), run(7, { name: '' })],
      edges: [edge('file:12', 'run:5', 'input', { parameter: 'genotypes' }), edge('run:5', 'run:7', 'relaunch')],
      hidden: [],
      frontier: [],
    });
    const [self] = within(screen.getByRole('list', { name: 'This run' })).getAllByRole('listitem');
    // The number is the database's: the card said “Run 5” above the run's name.
    expect(self!.textContent).not.toMatch(/run\s*5/i);
    expect(self!.querySelector('p')!.firstChild!.textContent).toBe('Run');
    const [input] = within(screen.getByRole('list', { name: 'Inputs' })).getAllByRole('listitem');
    expect(input!.textContent).not.toContain('12');
    // A long name breaks between its parts on a narrow screen, and is still said whole.
    const link = within(input!).getByRole('link', { name: 'filtered/wheat_panel_3pops.filtered.vcf' });
    expect(link.textContent).toBe('filtered/wheat_panel_3pops.filtered.vcf');
    expect(link.querySelectorAll('wbr').length).toBe(5);
    // A run without a name has its number as its only name, said as what it is.
    const [relaunch] = within(screen.getByRole('list', { name: 'Relaunched as' })).getAllByRole('listitem');
    expect(within(relaunch!).getByRole('link', { name: 'run 7' }).getAttribute('href')).toBe('/tools/pipeline/monitor/pipeline-run/view?id=7');
  });
});
