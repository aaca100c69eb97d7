import { describe, expect, it } from 'vitest';
import type { LineageEdge, LineageGraph, LineageNode } from '../../../contract/lineage';
import { emptyLineage, frontierKey, layoutLineage, mergeLineage } from './lineage-layout';

const file = (id: number): LineageNode => ({
  id: `file:${id}`,
  kind: 'file',
  recordId: id,
  name: `f${id}.vcf`,
  sha256: 'a'.repeat(64),
  sizeBytes: 1,
  fileTypeName: 'VCF',
  createdAt: '2026-01-01T00:00:00.000Z',
  producedBy: 'run',
  uploadedBy: null,
  experimentId: null,
});
const run = (id: number): LineageNode => ({
  id: `run:${id}`,
  kind: 'run',
  recordId: id,
  name: `r${id}`,
  pipelineId: 'nf-gdip',
  revision: '1.8.0',
  commitId: null,
  engine: 'local',
  engineVersion: null,
  status: 'SUCCEEDED',
  submittedAt: '2026-01-01T00:00:00.000Z',
  completedAt: null,
  launchedBy: null,
  experimentId: null,
  parameters: [],
  containers: [],
});
const edge = (from: string, to: string, kind: LineageEdge['kind']): LineageEdge => ({ from, to, kind, parameter: kind === 'input' ? 'input' : null, sha256AtLaunch: null, changedSince: false });

describe('the lineage view’s state', () => {
  // file:1 → run:1 → file:2 → run:2 → file:3 (the root), loaded one level, then expanded.
  const first: LineageGraph = {
    root: 'file:3',
    nodes: [file(3), run(2)],
    edges: [edge('run:2', 'file:3', 'output')],
    hidden: [],
    frontier: [{ node: 'run:2', direction: 'up' }],
  };
  const expansion: LineageGraph = {
    root: 'run:2',
    nodes: [run(2), file(2)],
    edges: [edge('file:2', 'run:2', 'input')],
    hidden: [{ node: 'run:2', direction: 'up', count: 4 }],
    frontier: [{ node: 'file:2', direction: 'up' }],
  };

  it('keeps what each answer added and moves the mark to expand from the expanded node to the new level', () => {
    const loaded = mergeLineage(emptyLineage('file:3'), first, null);
    expect([...loaded.frontier]).toEqual([frontierKey('run:2', 'up')]);
    const expanded = mergeLineage(loaded, expansion, { node: 'run:2', direction: 'up' });
    expect([...expanded.nodes.keys()].sort()).toEqual(['file:2', 'file:3', 'run:2']);
    expect(expanded.edges.size).toBe(2);
    expect([...expanded.frontier]).toEqual([frontierKey('file:2', 'up')]);
    expect(expanded.hidden.get(frontierKey('run:2', 'up'))).toBe(4);
  });

  it('puts what a node came from in the columns to its left and what was built on it to its right', () => {
    const state = mergeLineage(mergeLineage(emptyLineage('file:3'), first, null), expansion, { node: 'run:2', direction: 'up' });
    state.nodes.set('run:3', run(3));
    state.edges.set('file:3>run:3>input>input', edge('file:3', 'run:3', 'input'));
    const { placed, width } = layoutLineage(state);
    const columnOf = new Map(placed.map((each) => [each.node.id, each.level]));
    expect(Object.fromEntries(columnOf)).toEqual({ 'file:2': -2, 'run:2': -1, 'file:3': 0, 'run:3': 1 });
    const x = new Map(placed.map((each) => [each.node.id, each.x]));
    expect(x.get('file:2')).toBe(0);
    expect(x.get('file:2')! < x.get('run:2')! && x.get('run:2')! < x.get('file:3')! && x.get('file:3')! < x.get('run:3')!).toBe(true);
    expect(width).toBe(x.get('run:3')! + 232);
  });
});
